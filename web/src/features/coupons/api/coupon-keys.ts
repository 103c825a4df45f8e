/** Coupons per page on /admin/coupons. */
export const COUPONS_PAGE_SIZE = 10

/**
 * Query keys of the back-office coupons feature; every key names what its request depends on.
 * A customer's cart looks coupons up too, with a differently shaped answer, so the back-office
 * keys sit under 'admin' and a write (which invalidates 'coupons') refreshes both.
 */
export const couponKeys = {
  /** Everything about coupons: what a write to any coupon can make stale. */
  all: ['coupons'] as const,
  admin: () => [...couponKeys.all, 'admin'] as const,
  lists: () => [...couponKeys.admin(), 'list'] as const,
  page: (page: number) => [...couponKeys.lists(), { page, limit: COUPONS_PAGE_SIZE }] as const,
  detail: (code: string) => [...couponKeys.admin(), 'detail', code] as const,
}
