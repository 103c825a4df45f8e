import { useMutation, useQueryClient } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import type { CouponEnvelope, CouponInput } from '@/features/coupons/types'
import { apiFetch } from '@/lib/api-client'

/** POST /coupons: 201 with the coupon; 400 with `fields`; 409 `code_taken` when the code exists, ignoring case. */
export function createCoupon(input: CouponInput, token: string | undefined) {
  return apiFetch<CouponEnvelope>('/coupons', { method: 'POST', body: input, token })
}

export function useCreateCoupon(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CouponInput) => createCoupon(input, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  })
}
