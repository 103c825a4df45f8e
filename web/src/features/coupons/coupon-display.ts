import type { Coupon } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'

/** An RFC 3339 time as the back-office shows it: 31 Dec 2026, 11:59 pm (the browser's time zone). */
export function formatCouponTime(rfc3339: string): string {
  const date = new Date(rfc3339)
  if (Number.isNaN(date.getTime())) return rfc3339
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** What a coupon takes off, in a few words: "10% (max ₹500.00)", "10%" or "₹100.00 off". */
export function couponDiscountText(coupon: Pick<Coupon, 'kind' | 'value' | 'maxDiscount'>): string {
  if (coupon.kind === 'flat') return `${formatInr(coupon.value)} off`
  const cap = coupon.maxDiscount === null || coupon.maxDiscount === undefined ? '' : ` (max ${formatInr(coupon.maxDiscount)})`
  return `${coupon.value}%${cap}`
}

/** When a coupon applies, one line per bound: ["Always"], ["From …"], ["Until …"] or both. */
export function couponValidity(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>): string[] {
  const lines: string[] = []
  if (coupon.validFrom) lines.push(`From ${formatCouponTime(coupon.validFrom)}`)
  if (coupon.validUntil) lines.push(`Until ${formatCouponTime(coupon.validUntil)}`)
  return lines.length > 0 ? lines : ['Always']
}

/** Where a coupon's window stands at `nowMs`: not open yet, open, or closed. */
export function couponWindow(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>, nowMs: number): 'not-started' | 'open' | 'expired' {
  if (coupon.validFrom && nowMs < Date.parse(coupon.validFrom)) return 'not-started'
  if (coupon.validUntil && nowMs >= Date.parse(coupon.validUntil)) return 'expired'
  return 'open'
}

/** How often a coupon was used, against its limit when it has one: "3 / 5" or "3". */
export function couponUses(coupon: Pick<Coupon, 'uses' | 'usageLimit'>): string {
  return coupon.usageLimit === null || coupon.usageLimit === undefined
    ? String(coupon.uses)
    : `${coupon.uses} / ${coupon.usageLimit}`
}
