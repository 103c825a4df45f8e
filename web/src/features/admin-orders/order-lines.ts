import type { CreateLine, DraftLine, ProductOption } from '@/features/admin-orders/types'
import type { OrderItem } from '@/lib/api-schemas'
import { lineAmountLimit, orderTotals, type OrderTotals } from '@/lib/pricing'

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

/** A create-screen line's amount, or null while its quantity box holds something else than 1 to its limit. */
export function createLineAmount(line: CreateLine): number | null {
  return parseAmount(line.amountText, line.maxAmount)
}

/**
 * The create screen's live totals, through the pricing module. A quantity or a discount that is not
 * valid (yet) counts as 0, so the totals follow every keystroke without ever failing.
 */
export function createTotals(lines: CreateLine[], discountText: string): OrderTotals {
  const priced = lines.map((line) => ({ price: line.price, amount: createLineAmount(line) ?? 0 }))
  return orderTotals(priced, parseDiscount(discountText) ?? 0)
}

/** The edit screen's live totals, through the pricing module; a discount that is not valid counts as 0. */
export function draftTotals(lines: DraftLine[], discountText: string): OrderTotals {
  const priced = lines.map((line) => ({ price: line.price, amount: line.amount }))
  return orderTotals(priced, parseDiscount(discountText) ?? 0)
}

/** Price times amount of one line, through the pricing module. */
export function lineTotal(price: number, amount: number): number {
  return orderTotals([{ price, amount }], 0).subtotal
}

/** What a new line of either screen takes from its product: the current selling price and the GST rate. */
function newLineFields(product: ProductOption): Omit<DraftLine, 'amount'> {
  return {
    productId: product._id,
    name: product.title,
    price: product.sellingPrice,
    image: product.image1?.url ?? '',
    gstRate: product.gstRate,
    hsn: product.hsn,
  }
}

/** The create-screen line for a product: its current selling price, quantity 1. */
export function createLineFromProduct(product: ProductOption): CreateLine {
  return { ...newLineFields(product), amountText: '1', maxAmount: lineAmountLimit(product.stock) }
}

/**
 * A new edit-screen line for a product: a new line must carry the product's current selling
 * price, and is taxed at the product's GST rate.
 */
export function draftLineFromProduct(product: ProductOption): DraftLine {
  return { ...newLineFields(product), amount: 1 }
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
