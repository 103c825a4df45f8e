import { useMutation, useQueryClient } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import { adminApi } from '@/lib/api-client'

/**
 * DELETE /coupons/{code}: 204; needs role admin or superadmin (403 `forbidden` for staff). Orders
 * that used the coupon keep its code and terms.
 */
export function deleteCoupon(code: string) {
  return adminApi.DELETE('/api/v1/coupons/{code}', { params: { path: { code } } })
}

/** Deletes a coupon, then refetches the list on screen before settling. */
export function useDeleteCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: (_data, code) => {
      queryClient.removeQueries({ queryKey: couponKeys.detail(code) })
      return queryClient.invalidateQueries({ queryKey: couponKeys.all })
    },
  })
}
