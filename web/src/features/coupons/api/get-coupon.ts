import { useQuery } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import type { CouponEnvelope } from '@/features/coupons/types'
import { apiFetch } from '@/lib/api-client'

/** GET /coupons/{code} with an admin token: the whole coupon; 404 `coupon_not_found` when there is none. */
export function getCoupon(code: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<CouponEnvelope>(`/coupons/${encodeURIComponent(code)}`, { token, signal })
}

export function useCoupon(code: string, token: string | undefined) {
  return useQuery({
    queryKey: couponKeys.detail(code),
    queryFn: ({ signal }) => getCoupon(code, token, signal),
    enabled: token !== undefined,
  })
}
