import { PageMeta } from '@/components/page-meta'
import { CreateCouponForm } from '@/features/coupons/components/create-coupon-form'

export function AdminCreateCouponPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Create coupon · Admin" />
      <h1 className="text-3xl">Create coupon</h1>
      <CreateCouponForm />
    </section>
  )
}
