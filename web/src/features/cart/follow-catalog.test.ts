import { describe, expect, it } from 'vitest'

import { followCatalog } from '@/features/cart/follow-catalog'
import { cartChanges } from '@/lib/cart-changes'
import { cartAddItem, emptyCart, formatInr, type Cart, type CartLine } from '@/lib/pricing'

function line(productID: string, price: number, amount: number): CartLine {
  return { cartID: productID, productID, image: '', title: `Product ${productID}`, price, company: 'Whisk', amount }
}

function cart(...lines: CartLine[]): Cart {
  return lines.reduce(cartAddItem, emptyCart())
}

describe('followCatalog', () => {
  const saved = cart(line('flour', 250, 3), line('tin', 1099, 1))

  it('returns the same cart when every price and stock still fit', () => {
    const products = { flour: { price: 250, stock: 40 }, tin: { price: 1099, stock: 1 } }
    expect(followCatalog(saved, products)).toBe(saved)
    expect(cartChanges(saved, followCatalog(saved, products))).toEqual([])
  })

  it('puts the new price in a line whose price changed, with the totals', () => {
    const next = followCatalog(saved, { flour: { price: 275.5, stock: 40 } })
    expect(next.cartItems.map(({ price }) => price)).toEqual([275.5, 1099])
    expect(next.cartTotal).toBe(3 * 275.5 + 1099)
    expect(cartChanges(saved, next)).toEqual([
      `The price of Product flour changed from ${formatInr(250)} to ${formatInr(275.5)}`,
    ])
  })

  it('lowers an amount above the stock to the stock', () => {
    const next = followCatalog(saved, { flour: { price: 250, stock: 2 } })
    expect(next.cartItems.map(({ amount }) => amount)).toEqual([2, 1])
    expect(next.numItemsInCart).toBe(3)
    expect(cartChanges(saved, next)).toEqual(['Only 2 of Product flour are left: your cart now has 2'])
  })

  it('takes out a product that is gone or sold out', () => {
    const next = followCatalog(saved, { flour: null, tin: { price: 1099, stock: 0 } })
    expect(next.cartItems).toEqual([])
    expect(cartChanges(saved, next)).toEqual([
      'Product flour is no longer available and was removed from your cart',
      'Product tin is no longer available and was removed from your cart',
    ])
  })

  it('leaves the lines of products still loading as they are', () => {
    expect(followCatalog(saved, { tin: { price: 1099, stock: 5 } })).toBe(saved)
  })

  it('says both when the price and the stock changed', () => {
    const next = followCatalog(saved, { flour: { price: 300, stock: 1 } })
    expect(cartChanges(saved, next)).toEqual([
      `The price of Product flour changed from ${formatInr(250)} to ${formatInr(300)}`,
      'Only 1 of Product flour is left: your cart now has 1',
    ])
  })
})

describe('cartChanges', () => {
  it('does not describe what the shopper did: a line added or an amount raised', () => {
    const before = cart(line('flour', 250, 1))
    const after = cart(line('flour', 250, 4), line('tin', 1099, 1))
    expect(cartChanges(before, after)).toEqual([])
  })
})
