import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { CouponsList } from '@/features/coupons/components/coupons-list'

export function AdminCouponsPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Coupons · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Coupons</h1>
        <Button asChild>
          <Link to="/admin/coupons/create">+ Add coupon</Link>
        </Button>
      </div>
      <CouponsList />
    </section>
  )
}
