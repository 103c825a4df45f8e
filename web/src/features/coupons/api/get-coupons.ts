import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { COUPONS_PAGE_SIZE, couponKeys } from '@/features/coupons/api/coupon-keys'
import { adminApi } from '@/lib/api-client'

/** GET /coupons: one page of coupons, by code (admins only). */
export function getCoupons(page: number, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/coupons', { params: { query: { page, limit: COUPONS_PAGE_SIZE } }, signal })
}

/** One page of coupons; the previous page stays on screen while the next one loads. */
export function useCoupons(page: number) {
  return useQuery({
    queryKey: couponKeys.page(page),
    queryFn: ({ signal }) => getCoupons(page, signal),
    placeholderData: keepPreviousData,
  })
}
