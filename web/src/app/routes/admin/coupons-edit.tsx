import { useParams } from 'react-router'

import { NotFoundPage } from '@/app/routes/error'
import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { useCoupon } from '@/features/coupons/api/get-coupon'
import { EditCouponForm } from '@/features/coupons/components/edit-coupon-form'
import { errorMessage, isNotFound } from '@/lib/api-errors'

/** A missing coupon is a 404 page, like an unknown route. */
export function AdminEditCouponPage() {
  const { code = '' } = useParams()
  const coupon = useCoupon(code)

  if (isNotFound(coupon.error)) return <NotFoundPage />
  return (
    <section className="space-y-6">
      <PageMeta title="Edit coupon · Admin" />
      <h1 className="text-3xl">Edit coupon</h1>
      {coupon.data ? (
        <EditCouponForm key={coupon.data.coupon.code} coupon={coupon.data.coupon} />
      ) : coupon.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(coupon.error, 'Failed to fetch coupon')}
        </p>
      ) : (
        <FormSkeleton fields={10} label="Loading coupon" />
      )}
    </section>
  )
}
