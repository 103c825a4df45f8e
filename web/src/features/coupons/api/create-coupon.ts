import { useMutation, useQueryClient } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import { adminApi } from '@/lib/api-client'
import type { CouponInput } from '@/lib/api-schemas'

/** POST /coupons: 201 with the coupon; 400 with `fields`; 409 `code_taken` when the code exists, ignoring case. */
export function createCoupon(input: CouponInput) {
  return adminApi.POST('/api/v1/coupons', { body: input })
}

export function useCreateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  })
}
