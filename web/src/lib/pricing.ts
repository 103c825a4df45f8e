// The only module that imports the wasm pricing package (built from pricing-wasm/ by
// scripts/build-wasm.sh). Every cart total, order total, amount choice, page control and rupee
// text in the web app comes from here, so it matches what the server computes.
import * as wasm from '@/wasm/pkg/pricing'
import type {
  AmountContext,
  Cart,
  CartLine,
  CouponOutcome,
  CouponTerms,
  CouponUsage,
  GstinCheck,
  LineMoney,
  OrderLine,
  OrderProblem,
  OrderTotals,
  PageItem,
  PriceUpdate,
  Region,
  Supply,
  TaxedLine,
  TaxedOrder,
  TermsProblem,
} from '@/wasm/pkg/pricing'

export type {
  AmountContext,
  Cart,
  CartLine,
  CouponOutcome,
  CouponTerms,
  CouponUsage,
  GstinCheck,
  LineMoney,
  OrderLine,
  OrderProblem,
  OrderTotals,
  PageItem,
  PriceUpdate,
  Region,
  Supply,
  TaxedLine,
  TaxedOrder,
  TermsProblem,
}

export const emptyCart = (): Cart => wasm.emptyCart()
export const cartRecompute = (cart: Cart): Cart => wasm.cartRecompute(cart)
export const cartAddItem = (cart: Cart, line: CartLine): Cart => wasm.cartAddItem(cart, line)
export const cartRemoveItem = (cart: Cart, cartID: string): Cart => wasm.cartRemoveItem(cart, cartID)
export const cartEditItem = (cart: Cart, cartID: string, amount: number): Cart =>
  wasm.cartEditItem(cart, cartID, amount)
export const cartUpdatePrices = (cart: Cart, updates: PriceUpdate[]): Cart =>
  wasm.cartUpdatePrices(cart, updates)

export const orderTotals = (lines: OrderLine[], discount: number): OrderTotals =>
  wasm.orderTotals(lines, discount)
export const validateOrder = (lines: OrderLine[], discount: number): OrderProblem | null =>
  wasm.validateOrder(lines, discount)

export const amountOptions = (context: AmountContext, current: number): number[] =>
  Array.from(wasm.amountOptions(context, current))

/** The most units one order line may hold; the server enforces it. */
export const MAX_LINE_AMOUNT: number = wasm.maxLineAmount()
/** The most a new order line of a product with `stock` units left may hold. */
export const lineAmountLimit = (stock: number): number => wasm.lineAmountLimit(stock)

export const pageCount = (total: number, pageSize: number): number => wasm.pageCount(total, pageSize)
export const paginationItems = (page: number, count: number): PageItem[] => wasm.paginationItems(page, count)

/** en-IN rupee text, e.g. 123456.5 -> "₹1,23,456.50". */
export const formatInr = (amount: number): string => wasm.formatInr(amount)
export const amountInWords = (amount: number): string => wasm.amountInWords(amount)

/** Every state and union territory of India with its GST code, in code order. */
export const gstRegions = (): Region[] => wasm.gstRegions()
/** How tax is split from the shop's state to a ship-to state; null when either is unknown. */
export const supplyBetween = (shopState: string, shipToState: string): Supply | null =>
  wasm.supplyBetween(shopState, shipToState)
/** Lines, discounts and the GST in them, exactly as the server will charge. */
export const taxedOrder = (
  lines: TaxedLine[],
  couponDiscount: number,
  discount: number,
  supply: Supply,
): TaxedOrder => wasm.taxedOrder(lines, couponDiscount, discount, supply)
/** What a coupon takes off `subtotal` now, or why it does not apply. */
export const evaluateCoupon = (
  terms: CouponTerms,
  usage: CouponUsage,
  subtotal: number,
  nowMs: number,
): CouponOutcome => wasm.evaluateCoupon(terms, usage, subtotal, nowMs)
/** A coupon's terms against a subtotal, ignoring dates and usage (an order that used it). */
export const couponDiscount = (terms: CouponTerms, subtotal: number): CouponOutcome =>
  wasm.couponDiscount(terms, subtotal)
export const checkCouponTerms = (terms: CouponTerms): TermsProblem | null => wasm.checkCouponTerms(terms)
/** A GSTIN upper-cased when its format and check character are right, or why not. */
export const checkGstin = (text: string): GstinCheck => wasm.checkGstin(text)
/** A coupon nobody has used yet: what the cart assumes once the server said it is usable. */
export const UNUSED_COUPON: CouponUsage = {
  active: true,
  uses: 0,
  usageLimit: null,
  customerUses: 0,
  perCustomerLimit: null,
}
