import { useMutation, useQueryClient } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import { apiFetch } from '@/lib/api-client'

/**
 * DELETE /coupons/{code}: 204; needs role admin or superadmin (403 `forbidden` for staff). Orders
 * that used the coupon keep its code and terms.
 */
export function deleteCoupon(code: string, token: string | undefined) {
  return apiFetch<void>(`/coupons/${encodeURIComponent(code)}`, { method: 'DELETE', token })
}

/** Deletes a coupon, then refetches the list on screen before settling. */
export function useDeleteCoupon(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => deleteCoupon(code, token),
    onSuccess: (_data, code) => {
      queryClient.removeQueries({ queryKey: couponKeys.detail(code) })
      return queryClient.invalidateQueries({ queryKey: couponKeys.all })
    },
  })
}
