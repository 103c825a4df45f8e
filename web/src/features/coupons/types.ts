import type { CouponKind } from '@/lib/api-schemas'

export const COUPON_KINDS: readonly { value: CouponKind; label: string }[] = [
  { value: 'percent', label: 'Percent off' },
  { value: 'flat', label: 'Flat amount off' },
]

/** The coupon form as the admin fills it: the text of each box, the kind and the active switch. */
export type CouponFormValues = {
  code: string
  kind: CouponKind
  value: string
  minSubtotal: string
  maxDiscount: string
  /** A datetime-local input's text (the browser's time zone), or ''. */
  validFrom: string
  validUntil: string
  usageLimit: string
  perCustomerLimit: string
  active: boolean
}

/** A field of the coupon form, named as the API names it (so the server's field errors land on it). */
export type CouponField = keyof CouponFormValues

/** Messages to show under the form's fields. */
export type CouponFieldErrors = Partial<Record<CouponField, string>>
