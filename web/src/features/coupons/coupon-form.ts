// The coupon form's values to and from the API's shapes, and every problem with them named by its
// field. The terms themselves are judged by the pricing module (checkCouponTerms), as the server
// judges them; this module only reads the boxes' text into numbers and times first.
import type { CouponField, CouponFieldErrors, CouponFormValues } from '@/features/coupons/types'
import { ApiError, fieldErrors } from '@/lib/api-errors'
import type { Coupon, CouponInput } from '@/lib/api-schemas'
import { checkCouponTerms, type CouponTerms } from '@/lib/pricing'
import { capitalize } from '@/lib/text'

/** A new coupon's form: 10 % off is the usual start, from any subtotal, active, no limits. */
export function emptyCouponForm(): CouponFormValues {
  return {
    code: '',
    kind: 'percent',
    value: '',
    minSubtotal: '0',
    maxDiscount: '',
    validFrom: '',
    validUntil: '',
    usageLimit: '',
    perCustomerLimit: '',
    active: true,
  }
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/** The form filled in from a saved coupon. */
export function couponFormValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind === 'flat' ? 'flat' : 'percent',
    value: text(coupon.value),
    minSubtotal: text(coupon.minSubtotal),
    maxDiscount: text(coupon.maxDiscount),
    validFrom: toLocalInput(coupon.validFrom),
    validUntil: toLocalInput(coupon.validUntil),
    usageLimit: text(coupon.usageLimit),
    perCustomerLimit: text(coupon.perCustomerLimit),
    active: coupon.active,
  }
}

/** What the code box holds as the admin types: upper case, no spaces (codes are stored upper case). */
export function typedCode(text: string): string {
  return text.toUpperCase().replace(/\s+/g, '')
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An RFC 3339 time as a datetime-local box's text in the browser's time zone (2026-12-31T23:59), or ''. */
export function toLocalInput(rfc3339: string | null | undefined): string {
  if (!rfc3339) return ''
  const date = new Date(rfc3339)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/**
 * A datetime-local box's text as a moment: RFC 3339 with the browser's offset
 * (2026-12-31T23:59:00+05:30) and its epoch milliseconds; null when it is not a time that exists
 * here (a 30 February, or a clock hour skipped by daylight saving).
 */
export function fromLocalInput(text: string): { rfc3339: string; ms: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim())
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(year, month - 1, day, hour, minute, second)
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute
  if (!same) return null
  const east = -date.getTimezoneOffset()
  const offset = `${east >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(east) / 60))}:${pad(Math.abs(east) % 60)}`
  const local = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}`
  return { rfc3339: `${local}${offset}`, ms: date.getTime() }
}

/** Rupees (or a percent) as typed: at most two decimals, as the pricing module takes them; else null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim()
  if (!/^(\d{1,12}(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return null
  return Number(trimmed)
}

/** A usage limit as typed: a whole number from 1; else null. */
function parseLimit(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,9}$/.test(trimmed)) return null
  const limit = Number(trimmed)
  return limit >= 1 ? limit : null
}

/** Stand-ins that the terms check accepts, put in place of a field at fault to find the next problem. */
const acceptable: Partial<Record<string, Partial<CouponTerms>>> = {
  code: { code: 'CODE' },
  value: { value: 1 },
  minSubtotal: { minSubtotal: 0 },
  maxDiscount: { maxDiscount: null },
  validFrom: { validFromMs: null },
  validUntil: { validUntilMs: null },
}

/**
 * Every problem checkCouponTerms finds in `terms`, by field. It reports one at a time, so each
 * field at fault is swapped for an acceptable stand-in and the terms are checked again.
 */
export function termsProblems(terms: CouponTerms): CouponFieldErrors {
  const problems: CouponFieldErrors = {}
  let current = terms
  for (let round = 0; round < Object.keys(acceptable).length; round += 1) {
    const problem = checkCouponTerms(current)
    if (!problem) break
    problems[problem.field as CouponField] ??= capitalize(problem.message)
    const standIn = acceptable[problem.field]
    if (!standIn) break
    current = { ...current, ...standIn }
  }
  return problems
}

/** The form read: the body to send, or the problems to show (an empty body when there are some). */
export type CouponFormReading = { input: CouponInput; errors: CouponFieldErrors }

/**
 * Reads the form. Every box is parsed and every problem named at its field: text that is not a
 * number or a time, then whatever the pricing module's terms check finds. The body sends every
 * field (null clears an optional one), the max discount only for a percent coupon. On an edit
 * (`saved` given) the code is left out, as are valid-from and valid-until boxes left as they were
 * loaded, so their seconds are not lost to the minute-precise box.
 */
export function readCouponForm(values: CouponFormValues, saved?: CouponFormValues): CouponFormReading {
  const errors: CouponFieldErrors = {}
  const code = values.code.trim()
  const percent = values.kind === 'percent'

  const value = parseAmount(values.value)
  if (value === null) {
    errors.value = values.value.trim() === ''
      ? percent ? 'Enter the percent off' : 'Enter the amount off'
      : 'Enter a number with at most two decimals'
  }
  const minSubtotal = values.minSubtotal.trim() === '' ? 0 : parseAmount(values.minSubtotal)
  if (minSubtotal === null) errors.minSubtotal = 'Enter 0 or more, with at most two decimals'
  const maxDiscount = !percent || values.maxDiscount.trim() === '' ? null : parseAmount(values.maxDiscount)
  if (percent && values.maxDiscount.trim() !== '' && maxDiscount === null) {
    errors.maxDiscount = 'Enter an amount with at most two decimals, or leave it empty'
  }

  const time = (field: 'validFrom' | 'validUntil') => {
    if (values[field].trim() === '') return null
    const moment = fromLocalInput(values[field])
    if (!moment) errors[field] = 'Enter a date and time, or leave it empty'
    return moment
  }
  const validFrom = time('validFrom')
  const validUntil = time('validUntil')

  const limit = (field: 'usageLimit' | 'perCustomerLimit') => {
    if (values[field].trim() === '') return null
    const parsed = parseLimit(values[field])
    if (parsed === null) errors[field] = 'Enter a whole number from 1, or leave it empty for no limit'
    return parsed
  }
  const usageLimit = limit('usageLimit')
  const perCustomerLimit = limit('perCustomerLimit')

  const problems = termsProblems({
    code,
    kind: values.kind,
    value: value ?? 1,
    minSubtotal: minSubtotal ?? 0,
    maxDiscount,
    validFromMs: validFrom?.ms ?? null,
    validUntilMs: validUntil?.ms ?? null,
  })
  for (const [field, message] of Object.entries(problems) as [CouponField, string][]) errors[field] ??= message

  if (Object.keys(errors).length > 0) return { input: {}, errors }

  const input: CouponInput = {
    kind: values.kind,
    value,
    minSubtotal,
    maxDiscount,
    usageLimit,
    perCustomerLimit,
    active: values.active,
  }
  if (!saved) input.code = code
  if (!saved || values.validFrom !== saved.validFrom) input.validFrom = validFrom?.rfc3339 ?? null
  if (!saved || values.validUntil !== saved.validUntil) input.validUntil = validUntil?.rfc3339 ?? null
  return { input, errors }
}

/**
 * The server's messages for the form's fields: its `fields`, and a 409 `code_taken` (which comes
 * without them) under Code.
 */
export function couponServerErrors(error: unknown): CouponFieldErrors {
  const errors: CouponFieldErrors = {}
  for (const [field, message] of Object.entries(fieldErrors(error))) errors[field as CouponField] = capitalize(message)
  if (error instanceof ApiError && error.code === 'code_taken' && !errors.code) errors.code = error.message
  return errors
}
