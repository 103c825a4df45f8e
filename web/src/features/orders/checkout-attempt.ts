import type { Cart } from '@/lib/pricing'

/** The Idempotency-Key of one checkout attempt and the cart it was made for. */
export type CheckoutAttempt = { fingerprint: string; key: string }

/**
 * What identifies a cart's contents for a checkout: each line's product, amount and unit price,
 * and the coupon it uses (with or without one, the same lines are a different order).
 */
export function cartFingerprint(cart: Cart, couponCode: string | null = null): string {
  return JSON.stringify([cart.cartItems.map((line) => [line.productID, line.amount, line.price]), couponCode])
}

/**
 * The attempt to use for checking out `cart` with `couponCode`: the previous one while both are
 * the same (so a double click or a retry after a lost answer can never place two orders),
 * otherwise a new one with a fresh key from `newKey`.
 */
export function checkoutAttempt(
  previous: CheckoutAttempt | null,
  cart: Cart,
  newKey: () => string,
  couponCode: string | null = null,
): CheckoutAttempt {
  const fingerprint = cartFingerprint(cart, couponCode)
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() }
}

/** A random UUID v4 for an Idempotency-Key; also outside a secure context, where randomUUID is missing. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
