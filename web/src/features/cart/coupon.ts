import { ApiError, errorMessage } from '@/lib/api-errors'
import type { CouponTermsView } from '@/lib/api-schemas'
import type { CouponTerms } from '@/lib/pricing'

/** Said when a signed-out shopper tries a code: only customers may look coupons up. */
export const COUPON_SIGN_IN_MESSAGE = 'Sign in to use a coupon code'

/** Said when the box is empty. */
export const COUPON_EMPTY_MESSAGE = 'Enter a coupon code'

/** Said for a 404 without a message of its own. */
export const COUPON_NOT_FOUND_MESSAGE = 'There is no such coupon code'

/**
 * The terms the pricing crate evaluates, from the API's view of them: dates as epoch
 * milliseconds. Null when the view is not a coupon the crate knows (an unknown kind, a bad date).
 */
export function couponTerms(view: CouponTermsView): CouponTerms | null {
  if (view.kind !== 'percent' && view.kind !== 'flat') return null
  const validFromMs = epochMs(view.validFrom)
  const validUntilMs = epochMs(view.validUntil)
  if (validFromMs === undefined || validUntilMs === undefined) return null
  return {
    code: view.code,
    kind: view.kind,
    value: view.value,
    minSubtotal: view.minSubtotal,
    maxDiscount: view.maxDiscount ?? null,
    validFromMs,
    validUntilMs,
  }
}

/** RFC 3339 text as epoch ms; null stays null (no bound), undefined means unreadable. */
function epochMs(text: string | null | undefined): number | null | undefined {
  if (text === null || text === undefined) return null
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? undefined : ms
}

/** What to say under the coupon box when a look-up failed. */
export function couponLookupMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return COUPON_SIGN_IN_MESSAGE
    if (error.code === 'coupon_not_found') return error.message || COUPON_NOT_FOUND_MESSAGE
    if (error.code === 'coupon_unusable') return errorMessage(error, 'This coupon cannot be used')
  }
  return errorMessage(error, 'The coupon code could not be checked; please try again')
}
