import { useMutation } from '@tanstack/react-query'

import { customerApi } from '@/lib/api-client'

/**
 * GET /coupons/{code} as the signed-in customer: the coupon's terms when they may use it now;
 * 404 `coupon_not_found`; 409 `coupon_unusable` (details.reason) with a message to show; 401
 * without a customer token.
 */
export function getCoupon(code: string) {
  return customerApi.GET('/api/v1/coupons/{code}', { params: { path: { code } } }).then((body) => body.coupon)
}

/**
 * Looks a code up when the customer applies it. A mutation, not a query: the answer depends on
 * the moment and on the customer's own uses, and is kept with the cart, not in the cache.
 */
export function useLookUpCoupon() {
  return useMutation({ mutationFn: getCoupon })
}
