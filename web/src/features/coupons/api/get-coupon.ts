import { useQuery } from '@tanstack/react-query'

import { couponKeys } from '@/features/coupons/api/coupon-keys'
import { adminApi } from '@/lib/api-client'
import type { CouponEnvelope } from '@/lib/api-schemas'

/** GET /coupons/{code} with an admin token: the whole coupon; 404 `coupon_not_found` when there is none. */
export function getCoupon(code: string, signal?: AbortSignal) {
  // An admin's answer is always the whole coupon, never the customer's terms.
  return adminApi.GET('/api/v1/coupons/{code}', { params: { path: { code } }, signal }) as Promise<CouponEnvelope>
}

export function useCoupon(code: string) {
  return useQuery({
    queryKey: couponKeys.detail(code),
    queryFn: ({ signal }) => getCoupon(code, signal),
  })
}
