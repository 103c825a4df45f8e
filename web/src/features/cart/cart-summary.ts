import {
  evaluateCoupon,
  gstRegions,
  orderTotals,
  supplyBetween,
  taxedOrder,
  UNUSED_COUPON,
  type Cart,
  type CouponTerms,
  type DeliveryMoney,
  type DeliveryTerms,
  type Supply,
  type TaxedLine,
  type TaxedOrder,
} from '@/lib/pricing'
import { capitalize } from '@/lib/text'

/** The GST inside a total: how it is split and the amounts. */
export type GstSplit = Pick<TaxedOrder, 'supply' | 'taxableValue' | 'cgst' | 'sgst' | 'utgst' | 'igst'>

/** The applied coupon: what it takes off, or why it takes nothing off this cart now. */
export type CouponLine =
  | { code: string; applied: true; discount: number }
  | { code: string; applied: false; message: string }

/** What delivery adds: its charge (0 when free) and how much more the goods need to go free. */
export type DeliveryLine = Pick<DeliveryMoney, 'charge' | 'shortOfFree'>

/** The cart's totals as the totals card shows them. */
export type CartSummary = {
  subtotal: number
  coupon: CouponLine | null
  /** Null while the shop's delivery terms are not known: the total then leaves delivery out. */
  delivery: DeliveryLine | null
  /** What the order will cost, GST included: the subtotal less the coupon's discount, plus delivery. */
  total: number
  /** Null while a product's GST rate or the place of supply is not known. */
  gst: GstSplit | null
}

export type CartSummaryInput = {
  cart: Cart
  /** GST rates (percent) by product id; a product without one leaves `gst` null. */
  gstRates: Record<string, number | undefined>
  coupon: CouponTerms | null
  supply: Supply | null
  /** The shop's delivery terms, or null while they are loading. */
  delivery: DeliveryTerms | null
  /** Now, in epoch ms: a coupon may not have started or may have ended. */
  nowMs: number
}

const NO_DELIVERY: DeliveryTerms = { fee: 0, freeFrom: null, gstRate: 0 }

/**
 * The cart's subtotal, coupon, delivery, total and the GST in it, all through the pricing crate,
 * so they are what the server will charge for the same lines, coupon, place of supply and
 * delivery terms. The total does not depend on the GST rates or the supply (prices include GST),
 * so it is exact while they are unknown; only the tax split waits for them.
 */
export function cartSummary({ cart, gstRates, coupon, supply, delivery, nowMs }: CartSummaryInput): CartSummary {
  const subtotal = orderTotals(cart.cartItems.map(({ price, amount }) => ({ price, amount })), 0).subtotal
  const couponLine = coupon ? evaluate(coupon, subtotal, nowMs) : null
  const couponDiscount = couponLine?.applied ? couponLine.discount : 0
  const lines = taxedLines(cart, gstRates)
  const taxed = taxedOrder(
    lines ?? cart.cartItems.map(({ price, amount }) => ({ price, amount, gstRate: 0 })),
    couponDiscount,
    0,
    supply ?? 'inter-state',
    delivery ?? NO_DELIVERY,
  )
  const { taxableValue, cgst, sgst, utgst, igst } = taxed
  return {
    subtotal: taxed.subtotal,
    coupon: couponLine,
    delivery: delivery && { charge: taxed.delivery.charge, shortOfFree: taxed.delivery.shortOfFree },
    total: taxed.total,
    gst: supply !== null && lines !== null && delivery !== null ? { supply, taxableValue, cgst, sgst, utgst, igst } : null,
  }
}

function evaluate(coupon: CouponTerms, subtotal: number, nowMs: number): CouponLine {
  const outcome = evaluateCoupon(coupon, UNUSED_COUPON, subtotal, nowMs)
  return 'discount' in outcome
    ? { code: coupon.code, applied: true, discount: outcome.discount }
    : { code: coupon.code, applied: false, message: capitalize(outcome.message) }
}

/** The cart's lines with their products' GST rates, or null while any rate is unknown. */
function taxedLines(cart: Cart, gstRates: CartSummaryInput['gstRates']): TaxedLine[] | null {
  const lines: TaxedLine[] = []
  for (const { productID, price, amount } of cart.cartItems) {
    const gstRate = gstRates[productID]
    if (gstRate === undefined) return null
    lines.push({ price, amount, gstRate })
  }
  return lines
}

/** One of India's states or union territories named by `text` in any case, by its proper name. */
export function regionName(text: string | undefined): string | null {
  const wanted = text?.trim().toLowerCase() ?? ''
  if (wanted === '') return null
  return gstRegions().find((region) => region.name.toLowerCase() === wanted)?.name ?? null
}

/** The state the cart's GST is worked out for, and how it splits from the shop's state. */
export type PlaceOfSupply = { state: string; supply: Supply }

/**
 * Where the GST is worked out for: `shipTo` when it is one of India's states or territories;
 * otherwise, when `fallbackToShop`, the shop's own state (the tax then splits as for a sale
 * within it); otherwise null.
 */
export function placeOfSupply(shopState: string, shipTo: string | undefined, fallbackToShop: boolean): PlaceOfSupply | null {
  const state = regionName(shipTo)
  const supply = state === null ? null : supplyBetween(shopState, state)
  if (state !== null && supply !== null) return { state, supply }
  if (!fallbackToShop) return null
  const own = supplyBetween(shopState, shopState)
  return own === null ? null : { state: regionName(shopState) ?? shopState, supply: own }
}
