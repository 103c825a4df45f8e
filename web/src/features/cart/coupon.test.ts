import { describe, expect, it } from 'vitest'

import { COUPON_SIGN_IN_MESSAGE, couponLookupMessage, couponTerms } from '@/features/cart/coupon'
import { ApiError } from '@/lib/api-errors'
import type { CouponTermsView } from '@/lib/api-schemas'

const view: CouponTermsView = {
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minSubtotal: 500,
  maxDiscount: 200,
  validFrom: '2026-01-01T00:00:00+05:30',
  validUntil: null,
}

describe('couponTerms', () => {
  it('turns the API view into the terms the pricing crate evaluates, dates as epoch ms', () => {
    expect(couponTerms(view)).toEqual({
      code: 'SAVE10',
      kind: 'percent',
      value: 10,
      minSubtotal: 500,
      maxDiscount: 200,
      validFromMs: Date.UTC(2025, 11, 31, 18, 30),
      validUntilMs: null,
    })
  })

  it('reads a flat coupon without a cap or dates', () => {
    const flat: CouponTermsView = { code: 'FLAT50', kind: 'flat', value: 50, minSubtotal: 0 }
    expect(couponTerms(flat)).toEqual({
      code: 'FLAT50',
      kind: 'flat',
      value: 50,
      minSubtotal: 0,
      maxDiscount: null,
      validFromMs: null,
      validUntilMs: null,
    })
  })

  it('is null for a kind or a date it cannot read', () => {
    // @ts-expect-error: a kind outside the API's contract, which the guard still refuses
    expect(couponTerms({ ...view, kind: 'bogof' })).toBeNull()
    expect(couponTerms({ ...view, validUntil: 'next week' })).toBeNull()
  })
})

describe('couponLookupMessage', () => {
  const conflict = (message: string, reason: string) =>
    new ApiError(409, 'coupon_unusable', message, undefined, { reason })

  it('asks a signed-out shopper to sign in', () => {
    expect(couponLookupMessage(new ApiError(401, 'unauthorized', 'Sign in first'))).toBe(COUPON_SIGN_IN_MESSAGE)
  })

  it("shows the server's word for an unknown or unusable code", () => {
    expect(couponLookupMessage(new ApiError(404, 'coupon_not_found', 'There is no such coupon code'))).toBe(
      'There is no such coupon code',
    )
    expect(couponLookupMessage(new ApiError(404, 'coupon_not_found', ''))).toBe('There is no such coupon code')
    expect(couponLookupMessage(conflict('This coupon has expired', 'expired'))).toBe('This coupon has expired')
    expect(couponLookupMessage(conflict('You have already used this coupon', 'used_by_you'))).toBe(
      'You have already used this coupon',
    )
  })

  it('says the code could not be checked when the failure has no message', () => {
    expect(couponLookupMessage(new Error('boom'))).toBe('The coupon code could not be checked; please try again')
  })
})
