import { beforeAll, describe, expect, it } from 'vitest'

import {
  couponFormValues,
  couponServerErrors,
  emptyCouponForm,
  fromLocalInput,
  readCouponForm,
  termsProblems,
  toLocalInput,
  typedCode,
} from '@/features/coupons/coupon-form'
import type { CouponFormValues } from '@/features/coupons/types'
import { ApiError } from '@/lib/api-errors'
import type { Coupon } from '@/lib/api-schemas'

beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata'
})

const coupon: Coupon = {
  _id: 'DIWALI10',
  code: 'DIWALI10',
  kind: 'percent',
  value: 10,
  minSubtotal: 999,
  maxDiscount: 500,
  validFrom: '2026-10-20T00:00:30+05:30',
  validUntil: null,
  usageLimit: 100,
  perCustomerLimit: null,
  active: true,
  uses: 3,
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-10-01T00:00:00Z',
}

const filled = (changes: Partial<CouponFormValues>): CouponFormValues => ({
  ...emptyCouponForm(),
  code: 'DIWALI10',
  value: '10',
  ...changes,
})

describe('local times', () => {
  it('shows a saved time in the browser zone, to the minute', () => {
    expect(toLocalInput('2026-12-31T18:29:59Z')).toBe('2026-12-31T23:59')
    expect(toLocalInput(null)).toBe('')
    expect(toLocalInput('not a time')).toBe('')
  })

  it('sends a typed time as RFC 3339 with the browser offset', () => {
    expect(fromLocalInput('2026-12-31T23:59')).toEqual({
      rfc3339: '2026-12-31T23:59:00+05:30',
      ms: Date.parse('2026-12-31T18:29:00Z'),
    })
    expect(fromLocalInput('2026-02-30T10:00')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
  })
})

describe('typedCode', () => {
  it('upper-cases and drops spaces as the admin types', () => {
    expect(typedCode('diwali 10')).toBe('DIWALI10')
  })
})

describe('readCouponForm', () => {
  it('makes a new coupon body with every field, nulls for the empty ones', () => {
    const values = filled({ maxDiscount: '500', minSubtotal: '999.50', validUntil: '2026-12-31T23:59', usageLimit: '100' })
    expect(readCouponForm(values)).toEqual({
      errors: {},
      input: {
        code: 'DIWALI10',
        kind: 'percent',
        value: 10,
        minSubtotal: 999.5,
        maxDiscount: 500,
        validFrom: null,
        validUntil: '2026-12-31T23:59:00+05:30',
        usageLimit: 100,
        perCustomerLimit: null,
        active: true,
      },
    })
  })

  it('sends no cap for a flat coupon, and a blank minimum as 0', () => {
    const { input } = readCouponForm(filled({ kind: 'flat', value: '100', maxDiscount: '50', minSubtotal: '' }))
    expect(input).toMatchObject({ kind: 'flat', value: 100, maxDiscount: null, minSubtotal: 0 })
  })

  it('on an edit leaves out the code and the times left as they were loaded', () => {
    const saved = couponFormValues(coupon)
    expect(saved).toMatchObject({ validFrom: '2026-10-20T00:00', validUntil: '', value: '10', maxDiscount: '500' })
    const { input, errors } = readCouponForm({ ...saved, usageLimit: '' }, saved)
    expect(errors).toEqual({})
    expect(input).toEqual({
      kind: 'percent',
      value: 10,
      minSubtotal: 999,
      maxDiscount: 500,
      usageLimit: null,
      perCustomerLimit: null,
      active: true,
    })
    expect(readCouponForm({ ...saved, validFrom: '' }, saved).input.validFrom).toBeNull()
    expect(readCouponForm({ ...saved, validUntil: '2027-01-01T00:00' }, saved).input.validUntil).toBe(
      '2027-01-01T00:00:00+05:30',
    )
  })

  it('names every problem at its field, the pricing module judging the terms', () => {
    const { input, errors } = readCouponForm(
      filled({
        code: 'A',
        value: '150',
        minSubtotal: 'lots',
        maxDiscount: '0',
        validFrom: '2026-12-31T00:00',
        validUntil: '2026-12-01T00:00',
        usageLimit: '0',
        perCustomerLimit: '1.5',
      }),
    )
    expect(input).toEqual({})
    expect(errors).toEqual({
      code: 'Use 3 to 24 letters, digits, - or _',
      value: 'A percent coupon takes 1 to 100 percent off',
      minSubtotal: 'Enter 0 or more, with at most two decimals',
      maxDiscount: 'Must be more than zero, or left empty for no cap',
      validUntil: 'Must be after the start',
      usageLimit: 'Enter a whole number from 1, or leave it empty for no limit',
      perCustomerLimit: 'Enter a whole number from 1, or leave it empty for no limit',
    })
  })

  it('asks for a value, and refuses one with more than two decimals', () => {
    expect(readCouponForm(filled({ value: '' })).errors.value).toBe('Enter the percent off')
    expect(readCouponForm(filled({ kind: 'flat', value: '' })).errors.value).toBe('Enter the amount off')
    expect(readCouponForm(filled({ value: '1.005' })).errors.value).toBe('Enter a number with at most two decimals')
    expect(readCouponForm(filled({ kind: 'flat', value: '0' })).errors.value).toBe('Must be more than zero')
  })
})

describe('termsProblems', () => {
  it('is empty for terms that can be saved', () => {
    expect(termsProblems({ code: 'FLAT100', kind: 'flat', value: 100, minSubtotal: 0 })).toEqual({})
  })
})

describe('couponServerErrors', () => {
  it('puts the fields under their boxes and a taken code under Code', () => {
    expect(couponServerErrors(new ApiError(400, 'validation_failed', 'invalid coupon', { usageLimit: 'must be at least 1' }))).toEqual({
      usageLimit: 'Must be at least 1',
    })
    expect(couponServerErrors(new ApiError(409, 'code_taken', 'A coupon with the code X exists already'))).toEqual({
      code: 'A coupon with the code X exists already',
    })
    expect(couponServerErrors(new ApiError(403, 'forbidden', 'Staff cannot'))).toEqual({})
  })
})
