import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useUpdateCoupon } from '@/features/coupons/api/update-coupon'
import { CouponForm } from '@/features/coupons/components/coupon-form'
import { couponFormValues } from '@/features/coupons/coupon-form'
import { errorMessage } from '@/lib/api-errors'
import type { Coupon, CouponInput } from '@/lib/api-schemas'

/**
 * Edits a coupon's terms (not its code), then returns to the coupons list. Orders that used it
 * keep the terms they were priced with.
 */
export function EditCouponForm({ coupon }: { coupon: Coupon }) {
  const navigate = useNavigate()
  const updateCoupon = useUpdateCoupon(coupon.code)
  // The boxes as loaded: a background refetch must not change what counts as left alone.
  const [initial] = useState(() => couponFormValues(coupon))

  function handleSubmit(input: CouponInput) {
    updateCoupon.mutate(input, {
      onSuccess: () => {
        toast.success('Coupon updated')
        navigate('/admin/coupons')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to update coupon')),
    })
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Used {coupon.uses} {coupon.uses === 1 ? 'time' : 'times'} so far. Orders that used it keep the terms they were
        priced with.
      </p>
      <CouponForm
        initial={initial}
        editing
        pending={updateCoupon.isPending}
        error={updateCoupon.error}
        submitLabel="Save changes"
        onSubmit={handleSubmit}
      />
    </div>
  )
}
