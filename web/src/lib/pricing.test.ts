// Checks the shared fixture table through the wasm build: the native crate checks the same file
// (pricing-wasm/tests/fixtures.rs), so browser and server cannot drift.
import { describe, expect, it } from 'vitest'
import table from '../../../pricing-wasm/tests/fixtures/pricing-cases.json'
import {
  amountInWords,
  amountOptions,
  cartAddItem,
  cartEditItem,
  cartRecompute,
  cartRemoveItem,
  cartUpdatePrices,
  checkGstin,
  emptyCart,
  evaluateCoupon,
  formatInr,
  formatInrBeforeWasm,
  orderTotals,
  pageCount,
  paginationItems,
  supplyBetween,
  taxedOrder,
  validateOrder,
  type AmountContext,
  type Cart,
  type CartLine,
  type CouponTerms,
  type CouponUsage,
  type DeliveryTerms,
  type PriceUpdate,
  type Supply,
} from './pricing'

const NO_DELIVERY: DeliveryTerms = { fee: 0, freeFrom: null, gstRate: 0 }

type Step =
  | { op: 'add'; line: CartLine }
  | { op: 'remove'; cartID: string }
  | { op: 'edit'; cartID: string; amount: number }
  | { op: 'updatePrices'; updates: PriceUpdate[] }
  | { op: 'clear' }

describe('pricing fixture table through wasm', () => {
  it('formats every amount', () => {
    for (const c of table.formatInr) expect(formatInr(c.amount)).toBe(c.expected)
    // What pages show before the wasm arrives is the same text.
    for (const c of table.formatInr) expect(formatInrBeforeWasm(c.amount), String(c.amount)).toBe(c.expected)
    for (const c of table.amountInWords) expect(amountInWords(c.amount)).toBe(c.expected)
  })

  it('pages every case', () => {
    for (const c of table.pageCount) expect(pageCount(c.total, c.pageSize)).toBe(c.expected)
    for (const c of table.paginationItems) expect(paginationItems(c.page, c.pageCount)).toEqual(c.expected)
    for (const c of table.amountOptions)
      expect(amountOptions(c.context as AmountContext, c.current)).toEqual(c.expected)
  })

  it('offers no amount above what the stock allows a line', () => {
    expect(amountOptions('product-page', 1, 2)).toEqual([1, 2])
    expect(amountOptions('cart-line', 1, 100)).toEqual([1, 2, 3, 4, 5, 6])
    expect(amountOptions('product-page', 1, 0)).toEqual([])
  })

  it('totals and validates every order', () => {
    for (const c of table.orderTotals) expect(orderTotals(c.lines, c.discount)).toEqual(c.expected)
    for (const c of table.validateOrder) {
      const problem = validateOrder(c.lines, c.discount)
      expect(problem && { code: problem.code, field: problem.field }).toEqual(c.expected)
    }
  })

  it('replays every cart', () => {
    for (const c of table.cart) {
      const cart = (c.steps as Step[]).reduce<Cart>((cart, step) => {
        switch (step.op) {
          case 'add':
            return cartAddItem(cart, step.line)
          case 'remove':
            return cartRemoveItem(cart, step.cartID)
          case 'edit':
            return cartEditItem(cart, step.cartID, step.amount)
          case 'updatePrices':
            return cartUpdatePrices(cart, step.updates)
          case 'clear':
            return emptyCart()
        }
      }, emptyCart())
      expect(cart, c.name).toEqual(c.expected)
    }
  })

  it('taxes every order and finds every place of supply', () => {
    for (const c of table.taxedOrder)
      expect(
        taxedOrder(c.lines, c.couponDiscount, c.discount, c.supply as Supply, c.delivery ?? NO_DELIVERY),
        c.name,
      ).toEqual(
        c.expected,
      )
    for (const c of table.supply) expect(supplyBetween(c.shop, c.shipTo)).toBe(c.expected)
  })

  it('evaluates every coupon and GSTIN', () => {
    for (const c of table.coupon) {
      const outcome = evaluateCoupon(
        c.terms as CouponTerms,
        c.usage as CouponUsage,
        c.subtotal,
        c.nowMs,
      )
      const seen = 'discount' in outcome ? { discount: outcome.discount } : { reason: outcome.reason }
      expect(seen, c.name).toEqual(c.expected)
    }
    for (const c of table.gstin) {
      const check = checkGstin(c.text)
      expect('gstin' in check ? check.gstin : null, c.text).toBe(c.expected)
    }
  })

  it('refuses money with more than two decimals instead of rounding it', () => {
    expect(() => formatInr(0.1 + 0.2)).toThrow(/more than two decimals/)
  })

  it('says where a malformed argument is wrong', () => {
    const line = { cartID: 'a', productID: 'p', image: '', title: 'Flour', price: 10, company: 'Mill', amount: 1 }
    expect(() => cartAddItem(emptyCart(), { ...line, colour: 'red' } as CartLine)).toThrow(/line: unknown field `colour`/)
    expect(() => orderTotals([{ price: 10, amount: 1.5 }], 0)).toThrow(/lines\[0\]\.amount: expected a whole number/)
    expect(() => orderTotals([{ price: 0.1 + 0.2, amount: 1 }], 0)).toThrow(/lines\[0\]\.price: the number has more than two decimals/)
    expect(() => taxedOrder([{ price: 10, amount: 1, gstRate: 101 }], 0, 0, 'inter-state', NO_DELIVERY)).toThrow(/lines\[0\]\.gstRate: a GST rate/)
    expect(() => taxedOrder([], 0, 0, 'overseas' as Supply, NO_DELIVERY)).toThrow(/supply: expected one of intra-state intra-territory inter-state/)
    expect(() => taxedOrder([], 0, 0, 'inter-state', { fee: 49, freeFrom: 0.001, gstRate: 18 })).toThrow(
      /delivery\.freeFrom: the number has more than two decimals/,
    )
    expect(() => cartRecompute({ cartItems: null } as unknown as Cart)).toThrow(/cart\.cartItems: expected an array/)
  })
})
