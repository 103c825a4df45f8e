import { afterEach, describe, expect, it, vi } from 'vitest'

import { cartFingerprint, checkoutAttempt, newIdempotencyKey } from '@/features/orders/checkout-attempt'
import type { Cart, CartLine } from '@/lib/pricing'

function line(productID: string, price: number, amount: number): CartLine {
  return { cartID: productID, productID, image: '', title: `Product ${productID}`, price, company: 'Whisk', amount }
}

/** A cart whose totals do not matter here: only its lines identify an attempt. */
function cart(...lines: CartLine[]): Cart {
  return { cartItems: lines, numItemsInCart: 0, cartTotal: 0, shipping: 500, tax: 0, orderTotal: 0 }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('checkoutAttempt', () => {
  const keys = () => {
    let n = 0
    return () => `key-${++n}`
  }

  it('starts with a new key', () => {
    const first = checkoutAttempt(null, cart(line('p1', 100, 2)), keys())
    expect(first).toEqual({ fingerprint: cartFingerprint(cart(line('p1', 100, 2))), key: 'key-1' })
  })

  it('keeps the key while the cart is the same, so a retry cannot place a second order', () => {
    const newKey = keys()
    const first = checkoutAttempt(null, cart(line('p1', 100, 2)), newKey)
    // The same lines in a new cart object (restored from storage, say) are the same cart.
    expect(checkoutAttempt(first, cart(line('p1', 100, 2)), newKey)).toBe(first)
  })

  it('takes a new key once the amount, a price or the lines change', () => {
    const newKey = keys()
    const first = checkoutAttempt(null, cart(line('p1', 100, 2)), newKey)
    const more = checkoutAttempt(first, cart(line('p1', 100, 3)), newKey)
    expect(more.key).toBe('key-2')
    const repriced = checkoutAttempt(more, cart(line('p1', 120, 3)), newKey)
    expect(repriced.key).toBe('key-3')
    const added = checkoutAttempt(repriced, cart(line('p1', 120, 3), line('p2', 10, 1)), newKey)
    expect(added.key).toBe('key-4')
  })

  it('takes a new key when the coupon comes or goes, and keeps it while the coupon stays', () => {
    const newKey = keys()
    const first = checkoutAttempt(null, cart(line('p1', 100, 2)), newKey, 'SAVE10')
    expect(checkoutAttempt(first, cart(line('p1', 100, 2)), newKey, 'SAVE10')).toBe(first)
    const without = checkoutAttempt(first, cart(line('p1', 100, 2)), newKey, null)
    expect(without.key).toBe('key-2')
    expect(checkoutAttempt(without, cart(line('p1', 100, 2)), newKey).key).toBe('key-2')
  })

  it('ignores what does not change the order: titles, images, cart totals', () => {
    const newKey = keys()
    const first = checkoutAttempt(null, cart(line('p1', 100, 2)), newKey)
    const renamed = cart({ ...line('p1', 100, 2), title: 'Renamed', image: '/uploads/new.webp' })
    expect(checkoutAttempt(first, { ...renamed, cartTotal: 999 }, newKey)).toBe(first)
  })
})

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is a fresh UUID v4 each time', () => {
    const a = newIdempotencyKey()
    expect(a).toMatch(UUID)
    expect(newIdempotencyKey()).not.toBe(a)
  })

  it('makes a UUID v4 from random bytes where randomUUID is missing (no secure context)', () => {
    vi.stubGlobal('crypto', {
      getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff),
    })
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
  })
})
