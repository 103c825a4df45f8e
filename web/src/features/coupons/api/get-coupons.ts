import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { COUPONS_PAGE_SIZE, couponKeys } from '@/features/coupons/api/coupon-keys'
import type { CouponList } from '@/features/coupons/types'
import { apiFetch } from '@/lib/api-client'

type GetCouponsParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /coupons: one page of coupons, by code (admins only). */
export function getCoupons({ page, token, signal }: GetCouponsParams) {
  const params = new URLSearchParams({ page: String(page), limit: String(COUPONS_PAGE_SIZE) })
  return apiFetch<CouponList>(`/coupons?${params}`, { token, signal })
}

/** One page of coupons; the previous page stays on screen while the next one loads. */
export function useCoupons(page: number, token: string | undefined) {
  return useQuery({
    queryKey: couponKeys.page(page),
    queryFn: ({ signal }) => getCoupons({ page, token, signal }),
    enabled: token !== undefined,
    placeholderData: keepPreviousData,
  })
}
