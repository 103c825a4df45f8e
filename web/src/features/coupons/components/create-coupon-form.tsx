import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useCreateCoupon } from '@/features/coupons/api/create-coupon'
import { CouponForm } from '@/features/coupons/components/coupon-form'
import { emptyCouponForm } from '@/features/coupons/coupon-form'
import { errorMessage } from '@/lib/api-errors'
import type { CouponInput } from '@/lib/api-schemas'

/** Creates a coupon, then returns to the coupons list. */
export function CreateCouponForm() {
  const navigate = useNavigate()
  const createCoupon = useCreateCoupon()
  const [initial] = useState(emptyCouponForm)

  function handleSubmit(input: CouponInput) {
    createCoupon.mutate(input, {
      onSuccess: () => {
        toast.success('Coupon created')
        navigate('/admin/coupons')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to create coupon')),
    })
  }

  return (
    <CouponForm
      initial={initial}
      editing={false}
      pending={createCoupon.isPending}
      error={createCoupon.error}
      submitLabel="Create coupon"
      onSubmit={handleSubmit}
    />
  )
}
