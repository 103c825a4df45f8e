import { describe, expect, it } from 'vitest'

import { cartSummary, placeOfSupply, regionName, type CartSummaryInput } from '@/features/cart/cart-summary'
import { cartAddItem, emptyCart, type Cart, type CartLine, type CouponTerms } from '@/lib/pricing'

function line(productID: string, price: number, amount: number): CartLine {
  return { cartID: productID, productID, image: '', title: `Product ${productID}`, price, company: 'Whisk', amount }
}

function cart(...lines: CartLine[]): Cart {
  return lines.reduce(cartAddItem, emptyCart())
}

const SAVE10: CouponTerms = { code: 'SAVE10', kind: 'percent', value: 10, minSubtotal: 0 }
const NOW = Date.UTC(2026, 5, 1)

function input(overrides: Partial<CartSummaryInput> = {}): CartSummaryInput {
  return {
    cart: cart(line('cake-tin', 500, 1)),
    gstRates: { 'cake-tin': 18 },
    coupon: null,
    supply: 'intra-state',
    delivery: { fee: 0, freeFrom: null, gstRate: 0 },
    nowMs: NOW,
    ...overrides,
  }
}

describe('cartSummary', () => {
  const shopDelivery = { fee: 49, freeFrom: 499, gstRate: 18 }

  it('adds delivery below the free threshold, with its GST in the split, and says how much more goes free', () => {
    const summary = cartSummary(input({ cart: cart(line('cake-tin', 300, 1)), delivery: shopDelivery }))
    expect(summary.delivery).toEqual({ charge: 49, shortOfFree: 199 })
    expect(summary.total).toBe(349)
    expect(summary.gst!.taxableValue + summary.gst!.cgst + summary.gst!.sgst).toBeCloseTo(349, 2)
    expect(cartSummary(input({ cart: cart(line('cake-tin', 500, 1)), delivery: shopDelivery })).delivery).toEqual({
      charge: 0,
      shortOfFree: null,
    })
  })

  it('knows the total before the GST rates and the state, and leaves delivery out while its terms load', () => {
    const unknown = cartSummary(input({ gstRates: {}, supply: null, delivery: shopDelivery, cart: cart(line('cake-tin', 300, 1)) }))
    expect(unknown).toMatchObject({ total: 349, gst: null })
    expect(cartSummary(input({ delivery: null, cart: cart(line('cake-tin', 300, 1)) }))).toMatchObject({
      delivery: null,
      total: 300,
      gst: null,
    })
  })

  it('splits the GST in a ₹500 product at 18% as CGST and SGST within the shop state', () => {
    expect(cartSummary(input())).toEqual({
      subtotal: 500,
      coupon: null,
      delivery: { charge: 0, shortOfFree: null },
      total: 500,
      gst: { supply: 'intra-state', taxableValue: 423.72, cgst: 38.14, sgst: 38.14, utgst: 0, igst: 0 },
    })
  })

  it('takes a 10% coupon off and works the GST out on what is left', () => {
    expect(cartSummary(input({ coupon: SAVE10 }))).toEqual({
      subtotal: 500,
      coupon: { code: 'SAVE10', applied: true, discount: 50 },
      delivery: { charge: 0, shortOfFree: null },
      total: 450,
      gst: { supply: 'intra-state', taxableValue: 381.36, cgst: 34.32, sgst: 34.32, utgst: 0, igst: 0 },
    })
  })

  it('puts the whole tax in IGST for another state', () => {
    expect(cartSummary(input({ coupon: SAVE10, supply: 'inter-state' })).gst).toEqual({
      supply: 'inter-state',
      taxableValue: 381.36,
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst: 68.64,
    })
  })

  it('splits CGST and UTGST in a union territory without a legislature', () => {
    const gst = cartSummary(input({ supply: 'intra-territory' })).gst
    expect(gst).toMatchObject({ supply: 'intra-territory', sgst: 0, igst: 0 })
    expect(gst?.cgst).toBeGreaterThan(0)
    expect(gst?.utgst).toBeGreaterThan(0)
  })

  it('says why a coupon takes nothing off a cart below its minimum', () => {
    const summary = cartSummary(input({ coupon: { ...SAVE10, minSubtotal: 1000 } }))
    expect(summary.coupon).toEqual({
      code: 'SAVE10',
      applied: false,
      message: 'This coupon needs a subtotal of at least ₹1,000.00',
    })
    expect(summary.total).toBe(500)
    expect(summary.gst?.taxableValue).toBe(423.72)
  })

  it('says so once a coupon has expired', () => {
    const summary = cartSummary(input({ coupon: { ...SAVE10, validUntilMs: NOW - 1 } }))
    expect(summary.coupon).toMatchObject({ applied: false, message: 'This coupon has expired' })
    expect(summary.total).toBe(500)
  })

  it('taxes each line at its own rate', () => {
    const summary = cartSummary(
      input({ cart: cart(line('tin', 500, 1), line('flour', 105, 2)), gstRates: { tin: 18, flour: 5 } }),
    )
    expect(summary.subtotal).toBe(710)
    expect(summary.gst?.taxableValue).toBe(623.72) // 423.72 + 200.00
  })

  it('leaves the GST out while a product rate or the place of supply is unknown, keeping the totals', () => {
    const noRate = cartSummary(input({ coupon: SAVE10, gstRates: {} }))
    expect(noRate).toEqual({ subtotal: 500, delivery: { charge: 0, shortOfFree: null }, coupon: { code: 'SAVE10', applied: true, discount: 50 }, total: 450, gst: null })
    expect(cartSummary(input({ supply: null })).gst).toBeNull()
  })

  it('counts money in exact rupees', () => {
    const summary = cartSummary(input({ cart: cart(line('a', 0.1, 3)), gstRates: { a: 0 } }))
    expect(summary).toMatchObject({ subtotal: 0.3, total: 0.3 })
  })
})

describe('placeOfSupply', () => {
  it('is the ship-to state by its proper name, however it was typed', () => {
    expect(placeOfSupply('Karnataka', 'maharashtra ', false)).toEqual({ state: 'Maharashtra', supply: 'inter-state' })
    expect(placeOfSupply('Karnataka', 'KARNATAKA', false)).toEqual({ state: 'Karnataka', supply: 'intra-state' })
  })

  it("falls back to the shop's own state when asked and the ship-to state is not one", () => {
    expect(placeOfSupply('Karnataka', 'Atlantis', true)).toEqual({ state: 'Karnataka', supply: 'intra-state' })
    expect(placeOfSupply('Karnataka', undefined, true)).toEqual({ state: 'Karnataka', supply: 'intra-state' })
    expect(placeOfSupply('Karnataka', '', false)).toBeNull()
  })
})

describe('regionName', () => {
  it('names a state or territory in any case, and nothing else', () => {
    expect(regionName('tamil nadu')).toBe('Tamil Nadu')
    expect(regionName('  Chandigarh ')).toBe('Chandigarh')
    expect(regionName('Bengaluru')).toBeNull()
    expect(regionName(undefined)).toBeNull()
  })
})
