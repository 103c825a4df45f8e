import type { Order, OrderItem } from '@/lib/api-schemas'
import { orderTotals } from '@/lib/pricing'

/**
 * An order line with its money: `value` is price times amount; `lineTotal` is what the line was
 * charged, GST included, once its share of the order's discounts (`discount`) is taken off.
 */
export type OrderLineView = OrderItem & { value: number; lineTotal: number }

/** The GST an order's total includes, as the server charged it; only the parts that apply are non-zero. */
export type OrderTax = { taxableValue: number; cgst: number; sgst: number; utgst: number; igst: number }

/** An order's lines and totals as the detail screen shows them. */
export type OrderSummary = {
  lines: OrderLineView[]
  subtotal: number
  /** The code of the coupon the order used, if any, and what it took off. */
  couponCode: string | null
  couponDiscount: number
  /** The admin's discount. */
  discount: number
  /** What delivery cost, GST included (0 when it was free). */
  delivery: number
  total: number
  tax: OrderTax
  /** True when some line had a share of a discount. */
  anyLineDiscount: boolean
}

type SummaryFields = 'cartItems' | 'couponCode' | 'couponDiscount' | 'discount' | 'deliveryCharge'
type TaxFields = 'taxableTotal' | 'cgstTotal' | 'sgstTotal' | 'utgstTotal' | 'igstTotal'

/**
 * Line values and totals of an order through the pricing crate (decimal rupees, never float
 * arithmetic), so they match what the server charged: the total is the subtotal less the coupon's
 * and the admin's discounts, never below zero, plus delivery. The lines' discount shares, the
 * delivery charge and the GST are the server's, as the order records them.
 */
export function orderSummary(order: Pick<Order, SummaryFields | TaxFields>): OrderSummary {
  const lines = order.cartItems.map((item) => {
    const line = [{ price: item.price, amount: item.amount }]
    return { ...item, value: orderTotals(line, 0).subtotal, lineTotal: orderTotals(line, item.discount).total }
  })
  // max(0, subtotal - coupon discount - discount), one discount at a time.
  const afterCoupon = orderTotals(
    order.cartItems.map(({ price, amount }) => ({ price, amount })),
    order.couponDiscount,
  )
  const goods = orderTotals([{ price: afterCoupon.total, amount: 1 }], order.discount).total
  const total = orderTotals(
    [
      { price: goods, amount: 1 },
      { price: order.deliveryCharge, amount: 1 },
    ],
    0,
  ).subtotal
  return {
    lines,
    subtotal: afterCoupon.subtotal,
    couponCode: order.couponCode ?? null,
    couponDiscount: order.couponDiscount,
    discount: order.discount,
    delivery: order.deliveryCharge,
    total,
    tax: {
      taxableValue: order.taxableTotal,
      cgst: order.cgstTotal,
      sgst: order.sgstTotal,
      utgst: order.utgstTotal,
      igst: order.igstTotal,
    },
    anyLineDiscount: lines.some((line) => line.discount !== 0),
  }
}
