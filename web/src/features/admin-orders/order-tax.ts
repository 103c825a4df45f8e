// The tax the order screens show as they are edited: the pricing module's taxedOrder over the
// lines, the order's coupon priced again with its stored terms, the admin's discount, delivery
// (a new order by the shop's terms, an edited one by the terms it was placed with) and the
// supply that the shop's state and the place of supply make. The server computes the same.
import { lineAmount, parseDiscount } from '@/features/admin-orders/order-lines'
import type { DraftLine } from '@/features/admin-orders/types'
import type { Order, OrderCoupon, PlaceOfSupply } from '@/lib/api-schemas'
import {
  couponDiscount,
  gstRegions,
  supplyBetween,
  taxedOrder,
  type CouponTerms,
  type DeliveryTerms,
  type Region,
  type Supply,
  type TaxedLine,
  type TaxedOrder,
} from '@/lib/pricing'

let regions: Region[] | undefined

/** India's states and union territories, by name. */
export function regionsByName(): Region[] {
  regions ??= [...gstRegions()].sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
  return regions
}

/** The state or union territory named `text`, ignoring case and spaces around it; else undefined. */
export function findRegion(text: string): Region | undefined {
  const wanted = text.trim().toLowerCase()
  return wanted === '' ? undefined : regionsByName().find((region) => region.name.toLowerCase() === wanted)
}

/** An order's place of supply: the one stored with it, else its ship-to state when that is a known one. */
export function orderPlace(order: Pick<Order, 'placeOfSupply' | 'state'>): PlaceOfSupply | null {
  if (order.placeOfSupply) return order.placeOfSupply
  const region = findRegion(order.state)
  return region ? { state: region.name, code: region.code } : null
}

/** The coupon terms the pricing module takes, from the terms an order stored. */
export function couponTerms(coupon: OrderCoupon): CouponTerms {
  return {
    code: coupon.code,
    kind: coupon.kind === 'flat' ? 'flat' : 'percent',
    value: coupon.value,
    minSubtotal: coupon.minSubtotal,
    maxDiscount: coupon.maxDiscount ?? null,
  }
}

/** What an order's coupon takes off `subtotal` by its stored terms: 0 below its minimum. */
export function orderCouponDiscount(coupon: OrderCoupon | null | undefined, subtotal: number): number {
  if (!coupon) return 0
  const outcome = couponDiscount(couponTerms(coupon), subtotal)
  return 'discount' in outcome ? outcome.discount : 0
}

/** No delivery charge: while the shop's terms are loading, and for orders from before delivery was charged. */
export const FREE_DELIVERY: DeliveryTerms = { fee: 0, freeFrom: null, gstRate: 0 }

/** The delivery terms an order was priced with, which an edit prices it with again. */
export function orderDeliveryTerms(order: Pick<Order, 'delivery'>): DeliveryTerms {
  const { fee, freeFrom, gstRate } = order.delivery
  return { fee, freeFrom: freeFrom ?? null, gstRate }
}

/** The live figures of an order on screen. */
export type TaxSummary = {
  /** Every figure, from taxedOrder. When `supply` is unknown the tax in it is worked out as inter-state and not shown. */
  taxed: TaxedOrder
  /** How the tax is split, or null until the shop's state or the place of supply is known. */
  supply: Supply | null
  /** The coupon the order used, if any. */
  coupon: OrderCoupon | null
  /** True when the order has a coupon whose minimum the subtotal no longer reaches. */
  couponBelowMinimum: boolean
}

/** The summary of lines, a discount in rupees, an order's coupon and delivery, taxed for `supply`. */
export function taxSummary(
  lines: TaxedLine[],
  discount: number,
  coupon: OrderCoupon | null,
  supply: Supply | null,
  delivery: DeliveryTerms,
): TaxSummary {
  const split = supply ?? 'inter-state'
  const subtotal = taxedOrder(lines, 0, 0, split, FREE_DELIVERY).subtotal
  const outcome = coupon ? couponDiscount(couponTerms(coupon), subtotal) : null
  const off = outcome && 'discount' in outcome ? outcome.discount : 0
  return {
    taxed: taxedOrder(lines, off, discount, split, delivery),
    supply,
    coupon,
    couponBelowMinimum: outcome !== null && !('discount' in outcome),
  }
}

/** The lines as the pricing module taxes them: each at its own GST rate, a quantity that is not valid as 0. */
function taxedLines(lines: DraftLine[]): TaxedLine[] {
  return lines.map((line) => ({ price: line.price, amount: lineAmount(line) ?? 0, gstRate: line.gstRate }))
}

/**
 * The edit screen's summary: the lines at their own GST rates (a quantity that is not valid counts
 * as 0), the discount box (0 while not valid), the order's coupon and its place of supply. Without
 * the shop's state yet, the split is unknown.
 */
export function draftTaxSummary(
  lines: DraftLine[],
  discountText: string,
  order: Pick<Order, 'placeOfSupply' | 'state' | 'coupon' | 'delivery'>,
  shopState: string | undefined,
): TaxSummary {
  const place = order.placeOfSupply?.state ?? order.state
  const supply = shopState === undefined ? null : (supplyBetween(shopState, place) ?? 'inter-state')
  return taxSummary(taxedLines(lines), parseDiscount(discountText) ?? 0, order.coupon ?? null, supply, orderDeliveryTerms(order))
}

/**
 * The create screen's summary: quantities that are not valid count as 0, the discount likewise,
 * the split follows the chosen state (unknown until one is chosen) and delivery the shop's terms.
 */
export function createTaxSummary(
  lines: DraftLine[],
  discountText: string,
  state: string,
  shop: { state: string; delivery: DeliveryTerms } | undefined,
): TaxSummary {
  const supply = shop === undefined || state === '' ? null : supplyBetween(shop.state, state)
  return taxSummary(taxedLines(lines), parseDiscount(discountText) ?? 0, null, supply, shop?.delivery ?? FREE_DELIVERY)
}

/** The taxes that apply to a supply, in the order an invoice lists them. */
export function taxHeads(supply: Supply): ('cgst' | 'sgst' | 'utgst' | 'igst')[] {
  switch (supply) {
    case 'intra-state':
      return ['cgst', 'sgst']
    case 'intra-territory':
      return ['cgst', 'utgst']
    case 'inter-state':
      return ['igst']
  }
}

/** A supply in words: "Within the state: CGST + SGST". */
export function supplyText(supply: Supply): string {
  switch (supply) {
    case 'intra-state':
      return 'Within the state: CGST + SGST'
    case 'intra-territory':
      return 'Within the territory: CGST + UTGST'
    case 'inter-state':
      return 'Inter-state: IGST'
  }
}
