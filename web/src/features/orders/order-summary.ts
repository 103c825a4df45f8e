import type { Order, OrderItem } from '@/features/orders/types'
import { orderTotals } from '@/lib/pricing'

/** An order line with what it costs: price times amount, as the pricing crate computes it. */
export type OrderLineView = OrderItem & { lineTotal: number }

/** An order's lines and totals as the detail screen shows them. */
export type OrderSummary = { lines: OrderLineView[]; subtotal: number; discount: number; total: number }

/**
 * Line totals, subtotal and total of an order through the pricing crate (decimal rupees, never
 * float arithmetic), so they match what the server charged.
 */
export function orderSummary(order: Pick<Order, 'cartItems' | 'discount'>): OrderSummary {
  const lines = order.cartItems.map((item) => ({
    ...item,
    lineTotal: orderTotals([{ price: item.price, amount: item.amount }], 0).subtotal,
  }))
  const totals = orderTotals(
    order.cartItems.map(({ price, amount }) => ({ price, amount })),
    order.discount,
  )
  return { lines, subtotal: totals.subtotal, discount: totals.discount, total: totals.total }
}
