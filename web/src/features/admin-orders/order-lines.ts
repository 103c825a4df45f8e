// The lines of an order on the create and the edit screen, which share one line editor: a line
// is a product at a unit price with a typed quantity and the most it may hold. New lines (either
// screen) take the product's current price and may hold up to its stock; lines an order already
// had keep their price and may go up to their amount plus 5, within the stock. All money and
// every amount limit comes from the pricing module.
import type { DraftLine, ProductOption } from '@/features/admin-orders/types'
import type { OrderItem } from '@/lib/api-schemas'
import { amountOptions, lineAmountLimit, orderTotals, type OrderTotals } from '@/lib/pricing'

export { lineAmountLimit, maxLineAmount } from '@/lib/pricing'

/** A quantity box's text as an amount: a whole number from 1 to `max`, otherwise null. */
export function parseAmount(text: string, max: number): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,3}$/.test(trimmed)) return null
  const amount = Number(trimmed)
  return amount >= 1 && amount <= max ? amount : null
}

/**
 * The discount box's text as rupees: blank is 0; otherwise a non-negative amount with at most two
 * decimals (the pricing module refuses more rather than rounding). Anything else is null.
 */
export function parseDiscount(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  if (!/^(\d{1,12}(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return null
  return Number(trimmed)
}

/** A line's amount, or null while its quantity box holds something else than 1 to its limit. */
export function lineAmount(line: DraftLine): number | null {
  return parseAmount(line.amountText, line.maxAmount)
}

/**
 * The live totals of either screen's lines, through the pricing module. A quantity or a discount
 * that is not valid (yet) counts as 0, so the totals follow every keystroke without ever failing.
 */
export function linesTotals(lines: DraftLine[], discountText: string): OrderTotals {
  const priced = lines.map((line) => ({ price: line.price, amount: lineAmount(line) ?? 0 }))
  return orderTotals(priced, parseDiscount(discountText) ?? 0)
}

/** Price times amount of one line, through the pricing module. */
export function lineTotal(price: number, amount: number): number {
  return orderTotals([{ price, amount }], 0).subtotal
}

/** A new line of either screen for a product: its current selling price and GST rate, quantity 1, up to its stock. */
export function lineFromProduct(product: ProductOption): DraftLine {
  return {
    productId: product._id,
    name: product.title,
    price: product.sellingPrice,
    image: product.image1?.url ?? '',
    gstRate: product.gstRate,
    hsn: product.hsn,
    amountText: '1',
    maxAmount: lineAmountLimit(product.stock),
  }
}

/**
 * The most a line the order already had may hold: its amount plus 5 (at most 20, as the pricing
 * module offers an admin order item), and within the stock: the units still on the shelf
 * (`stockLeft`, when known) plus those the order holds already (`holdsStock`: every status but
 * cancelled). Never less than the saved amount, so an order can always be saved as it is.
 */
export function savedLineLimit(savedAmount: number, stockLeft: number | undefined, holdsStock: boolean): number {
  const headroom = amountOptions('admin-order-item', savedAmount).length
  if (stockLeft === undefined) return Math.max(savedAmount, headroom)
  const onHand = lineAmountLimit(stockLeft + (holdsStock ? savedAmount : 0))
  return Math.max(savedAmount, Math.min(headroom, onHand))
}

/** The edit screen's line for an item the order has: its price, GST rate and amount as saved. */
export function lineFromOrderItem(
  item: Pick<OrderItem, 'productId' | 'name' | 'price' | 'image' | 'gstRate' | 'hsn' | 'amount'>,
  stockLeft?: number,
  holdsStock = true,
): DraftLine {
  // Only the line's own fields: an order item carries its tax split too.
  const { productId, name, price, image, gstRate, hsn, amount } = item
  return {
    productId,
    name,
    price,
    image,
    gstRate,
    hsn,
    amountText: String(amount),
    maxAmount: savedLineLimit(amount, stockLeft, holdsStock),
    savedAmount: amount,
  }
}

/**
 * `lines` with each saved line's limit worked out again from the stock now known
 * (`stockLeft` by product id; a product missing there keeps the limit without stock).
 */
export function withStockLimits(
  lines: DraftLine[],
  stockLeft: Readonly<Record<string, number>>,
  holdsStock: boolean,
): DraftLine[] {
  return lines.map((line) =>
    line.savedAmount === undefined
      ? line
      : { ...line, maxAmount: savedLineLimit(line.savedAmount, stockLeft[line.productId], holdsStock) },
  )
}

/** True when one of `lines` is for this product already (an order lists each product once). */
export function hasProduct(lines: readonly Pick<OrderItem, 'productId'>[], productId: string): boolean {
  return lines.some((line) => line.productId === productId)
}

/** `lines` with the line for `productId` changed by `change`; the others as they were. */
export function updateLine<Line extends Pick<OrderItem, 'productId'>>(
  lines: readonly Line[],
  productId: string,
  change: (line: Line) => Line,
): Line[] {
  return lines.map((line) => (line.productId === productId ? change(line) : line))
}

/** `lines` without the line for `productId`. */
export function removeLine<Line extends Pick<OrderItem, 'productId'>>(lines: readonly Line[], productId: string): Line[] {
  return lines.filter((line) => line.productId !== productId)
}

/** The server's message about line `index` (its amount, product or price), from the error's `fields`. */
export function lineFieldError(errors: Record<string, string>, index: number): string | undefined {
  const key = `cartItems[${index}]`
  return errors[`${key}.amount`] ?? errors[`${key}.productId`] ?? errors[`${key}.price`] ?? errors[key]
}
