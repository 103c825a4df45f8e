import { beforeAll, describe, expect, it } from 'vitest'

import {
  couponDiscountText,
  couponUses,
  couponValidity,
  couponWindow,
  formatCouponTime,
} from '@/features/coupons/coupon-display'

beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata'
})

describe('couponDiscountText', () => {
  it('shows a percent with its cap, or a flat amount off', () => {
    expect(couponDiscountText({ kind: 'percent', value: 10, maxDiscount: 500 })).toBe('10% (max ₹500.00)')
    expect(couponDiscountText({ kind: 'percent', value: 12.5, maxDiscount: null })).toBe('12.5%')
    expect(couponDiscountText({ kind: 'flat', value: 100, maxDiscount: null })).toBe('₹100.00 off')
  })
})

describe('couponValidity', () => {
  it('is Always for an open window, else a line per bound in en-IN', () => {
    expect(couponValidity({ validFrom: null, validUntil: null })).toEqual(['Always'])
    expect(couponValidity({ validFrom: '2026-12-01T04:30:00Z' })).toEqual(['From 1 Dec 2026, 10:00 am'])
    expect(couponValidity({ validFrom: '2026-12-01T04:30:00Z', validUntil: '2026-12-31T18:29:00Z' })).toEqual([
      'From 1 Dec 2026, 10:00 am',
      'Until 31 Dec 2026, 11:59 pm',
    ])
  })

  it('keeps text that is not a time as it came', () => {
    expect(formatCouponTime('soon')).toBe('soon')
  })
})

describe('couponWindow', () => {
  const window = { validFrom: '2026-12-01T00:00:00Z', validUntil: '2026-12-31T00:00:00Z' }
  it('says whether the window has opened or closed', () => {
    expect(couponWindow(window, Date.parse('2026-11-30T23:59:59Z'))).toBe('not-started')
    expect(couponWindow(window, Date.parse('2026-12-01T00:00:00Z'))).toBe('open')
    expect(couponWindow(window, Date.parse('2026-12-31T00:00:00Z'))).toBe('expired')
    expect(couponWindow({ validFrom: null, validUntil: null }, 0)).toBe('open')
  })
})

describe('couponUses', () => {
  it('counts uses against the limit when there is one', () => {
    expect(couponUses({ uses: 3, usageLimit: 5 })).toBe('3 / 5')
    expect(couponUses({ uses: 3, usageLimit: null })).toBe('3')
  })
})
