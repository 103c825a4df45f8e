import { describe, expect, it } from 'vitest'

import { orderSummary } from '@/features/orders/order-summary'
import type { OrderItem } from '@/features/orders/types'

function item(productId: string, price: number, amount: number): OrderItem {
  return { productId, name: `Product ${productId}`, price, amount, image: '' }
}

describe('orderSummary', () => {
  it('prices each line and the whole order in exact rupees', () => {
    // 0.1 x 3 is 0.30000000000000004 in floats; the pricing crate says 0.30.
    const summary = orderSummary({ cartItems: [item('a', 0.1, 3), item('b', 249.5, 3), item('c', 1099, 1)], discount: 0 })
    expect(summary.lines.map((line) => line.lineTotal)).toEqual([0.3, 748.5, 1099])
    expect(summary).toMatchObject({ subtotal: 1847.8, discount: 0, total: 1847.8 })
  })

  it('keeps the lines as they were ordered', () => {
    const summary = orderSummary({ cartItems: [item('b', 20, 1), item('a', 10, 2)], discount: 0 })
    expect(summary.lines).toEqual([
      { ...item('b', 20, 1), lineTotal: 20 },
      { ...item('a', 10, 2), lineTotal: 20 },
    ])
  })

  it('takes the discount off the subtotal, never below zero', () => {
    expect(orderSummary({ cartItems: [item('a', 500, 2)], discount: 150 })).toMatchObject({
      subtotal: 1000,
      discount: 150,
      total: 850,
    })
    expect(orderSummary({ cartItems: [item('a', 50, 1)], discount: 80 })).toMatchObject({ subtotal: 50, total: 0 })
  })
})
