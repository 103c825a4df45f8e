import { describe, expect, it } from 'vitest'

import { orderSummary } from '@/features/orders/order-summary'
import type { OrderItem } from '@/lib/api-schemas'

function item(productId: string, price: number, amount: number, discount = 0): OrderItem {
  return {
    productId,
    name: `Product ${productId}`,
    price,
    amount,
    image: '',
    hsn: '1905',
    gstRate: 18,
    discount,
    taxableValue: 0,
    cgst: 0,
    sgst: 0,
    utgst: 0,
    igst: 0,
  }
}

type SummaryInput = Parameters<typeof orderSummary>[0]

/** An order without coupon, discount or tax, with these lines. */
function order(cartItems: OrderItem[], overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    cartItems,
    couponCode: null,
    couponDiscount: 0,
    discount: 0,
    deliveryCharge: 0,
    taxableTotal: 0,
    cgstTotal: 0,
    sgstTotal: 0,
    utgstTotal: 0,
    igstTotal: 0,
    ...overrides,
  }
}

describe('orderSummary', () => {
  it('prices each line and the whole order in exact rupees', () => {
    // 0.1 x 3 is 0.30000000000000004 in floats; the pricing crate says 0.30.
    const summary = orderSummary(order([item('a', 0.1, 3), item('b', 249.5, 3), item('c', 1099, 1)]))
    expect(summary.lines.map((line) => line.lineTotal)).toEqual([0.3, 748.5, 1099])
    expect(summary).toMatchObject({ subtotal: 1847.8, couponDiscount: 0, discount: 0, total: 1847.8 })
    expect(summary.anyLineDiscount).toBe(false)
  })

  it('keeps the lines as they were ordered', () => {
    const summary = orderSummary(order([item('b', 20, 1), item('a', 10, 2)]))
    expect(summary.lines).toEqual([
      { ...item('b', 20, 1), value: 20, lineTotal: 20 },
      { ...item('a', 10, 2), value: 20, lineTotal: 20 },
    ])
  })

  it('takes the discount off the subtotal, never below zero', () => {
    expect(orderSummary(order([item('a', 500, 2)], { discount: 150 }))).toMatchObject({
      subtotal: 1000,
      discount: 150,
      total: 850,
    })
    expect(orderSummary(order([item('a', 50, 1)], { discount: 80 }))).toMatchObject({ subtotal: 50, total: 0 })
  })

  it("takes the coupon's and the admin's discounts off, each line charged less its share", () => {
    const summary = orderSummary(
      order([item('tin', 500, 1, 60), item('flour', 100, 1, 12)], {
        couponCode: 'SAVE10',
        couponDiscount: 60,
        discount: 12,
      }),
    )
    expect(summary).toMatchObject({ subtotal: 600, couponCode: 'SAVE10', couponDiscount: 60, discount: 12, total: 528 })
    expect(summary.lines.map((line) => [line.value, line.lineTotal])).toEqual([
      [500, 440],
      [100, 88],
    ])
    expect(summary.anyLineDiscount).toBe(true)
  })

  it('adds the delivery charge the server recorded after the discounts', () => {
    const summary = orderSummary(order([item('tin', 300, 1, 50)], { discount: 50, deliveryCharge: 49 }))
    expect(summary).toMatchObject({ subtotal: 300, discount: 50, delivery: 49, total: 299 })
    expect(orderSummary(order([item('a', 50, 1)], { discount: 80, deliveryCharge: 49 })).total).toBe(49)
  })

  it("shows the order's GST as the server recorded it", () => {
    const summary = orderSummary(
      order([item('tin', 500, 1, 50)], {
        couponDiscount: 50,
        taxableTotal: 381.36,
        igstTotal: 68.64,
      }),
    )
    expect(summary.tax).toEqual({ taxableValue: 381.36, cgst: 0, sgst: 0, utgst: 0, igst: 68.64 })
    expect(summary.total).toBe(450)
  })
})
