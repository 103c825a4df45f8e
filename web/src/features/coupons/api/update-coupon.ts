import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import { adminApi } from '@/lib/api-client'
import type { CouponInput } from '@/lib/api-schemas'

/**
 * PATCH /coupons/{code}: a field left out keeps its value, null clears an optional one; the code
 * cannot change. 400 with `fields`; 404 when the coupon is gone.
 */
export function updateCoupon(code: string, input: CouponInput) {
  return adminApi.PATCH('/api/v1/coupons/{code}', { params: { path: { code } }, body: input })
}

export function useUpdateCoupon(code: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CouponInput) => updateCoupon(code, input),
    onSuccess: (response) => {
      const detail = couponKeys.detail(code)
      queryClient.setQueryData(detail, response)
      // Every other coupons query may now be stale; the detail was just set, so it is not refetched.
      return queryClient.invalidateQueries({
        queryKey: couponKeys.all,
        predicate: (query) => query.queryHash !== hashKey(detail),
      })
    },
  })
}
