// The only module that imports the wasm pricing package (built from pricing-wasm/ by
// scripts/build-wasm.sh). Every cart total, order total, amount choice, page control and rupee
// text in the web app comes from here, so it matches what the server computes.
//
// The wasm is not loaded before the first render: pages draw from server data at once, the
// module is fetched when something first needs the money math (`loadPricing`, called by
// `usePricingLoaded` and the cart's changes), and that math runs when it arrives. Until then only
// `formatInr` answers, through the browser's en-IN currency format, which writes the same text
// (checked against the fixture table in pricing.test.ts). The home page and a product's picture
// so never wait behind it for the phone's bandwidth.
import { useEffect, useSyncExternalStore } from 'react'

import type {
  AmountContext,
  Cart,
  CartLine,
  CouponOutcome,
  CouponTerms,
  CouponUsage,
  GstinCheck,
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

// Every data type of the crate (carts, totals, coupons, GST), for the app to import from here.
export type * from '@/wasm/pkg/pricing'

type Wasm = typeof import('@/wasm/pkg/pricing')

let pricingModule: Wasm | null = null
const listeners = new Set<() => void>()

let loading: Promise<void> | null = null

/** Loads the pricing wasm (once; later calls get the same promise), resolving when it is in. */
export function loadPricing(): Promise<void> {
  loading ??= import('@/wasm/pkg/pricing').then((loaded) => {
    pricingModule = loaded
    for (const listener of listeners) listener()
  })
  return loading
}

/**
 * True once the pricing wasm has loaded; a component showing money math renders its figures
 * when it is. Asking starts the loading.
 */
export function usePricingLoaded(): boolean {
  const loaded = useSyncExternalStore(subscribe, isPricingLoaded, () => false)
  useEffect(() => {
    if (loaded) return
    // Once the browser is idle: the first screen's pictures and data go first.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1))
    idle(() => void loadPricing())
  }, [loaded])
  return loaded
}

export function isPricingLoaded(): boolean {
  return pricingModule !== null
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The loaded module; calling the money math before it arrived is a bug in the caller. */
function wasm(): Wasm {
  if (pricingModule === null) throw new Error('the pricing module has not loaded yet: wait for loadPricing()')
  return pricingModule
}

const inrText = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })

/** en-IN rupee text from the browser's Intl, which `formatInr` uses until the wasm arrives. */
export const formatInrBeforeWasm = (amount: number): string => inrText.format(amount)

export const emptyCart = (): Cart => wasm().emptyCart()
export const cartRecompute = (cart: Cart): Cart => wasm().cartRecompute(cart)
export const cartAddItem = (cart: Cart, line: CartLine): Cart => wasm().cartAddItem(cart, line)
export const cartRemoveItem = (cart: Cart, cartID: string): Cart => wasm().cartRemoveItem(cart, cartID)
export const cartEditItem = (cart: Cart, cartID: string, amount: number): Cart =>
  wasm().cartEditItem(cart, cartID, amount)
export const cartUpdatePrices = (cart: Cart, updates: PriceUpdate[]): Cart =>
  wasm().cartUpdatePrices(cart, updates)

export const orderTotals = (lines: OrderLine[], discount: number): OrderTotals =>
  wasm().orderTotals(lines, discount)
export const validateOrder = (lines: OrderLine[], discount: number): OrderProblem | null =>
  wasm().validateOrder(lines, discount)

/**
 * The amount choices for a select. Given the `stock` left, none above what a line of it may hold
 * (`lineAmountLimit`): no choice at all when it is sold out.
 */
export function amountOptions(context: AmountContext, current: number, stock?: number): number[] {
  const options = Array.from(wasm().amountOptions(context, current))
  if (stock === undefined) return options
  const limit = lineAmountLimit(stock)
  return options.filter((amount) => amount <= limit)
}

/** The amount choices for a select (see amountOptions); until the wasm arrives, only the current amount. */
export function useAmountOptions(context: AmountContext, current: number, stock?: number): number[] {
  return usePricingLoaded() ? amountOptions(context, current, stock) : [current]
}

/** The most units one order line may hold; the server enforces it. */
export const maxLineAmount = (): number => wasm().maxLineAmount()
/** The most a new order line of a product with `stock` units left may hold. */
export const lineAmountLimit = (stock: number): number => wasm().lineAmountLimit(stock)

export const pageCount = (total: number, pageSize: number): number => wasm().pageCount(total, pageSize)
export const paginationItems = (page: number, count: number): PageItem[] => wasm().paginationItems(page, count)

/** en-IN rupee text, e.g. 123456.5 -> "₹1,23,456.50"; before the wasm arrives, the same text from Intl. */
export const formatInr = (amount: number): string =>
  pricingModule === null ? formatInrBeforeWasm(amount) : pricingModule.formatInr(amount)
export const amountInWords = (amount: number): string => wasm().amountInWords(amount)

/** Every state and union territory of India with its GST code, in code order. */
export const gstRegions = (): Region[] => wasm().gstRegions()
/** How tax is split from the shop's state to a ship-to state; null when either is unknown. */
export const supplyBetween = (shopState: string, shipToState: string): Supply | null =>
  wasm().supplyBetween(shopState, shipToState)
/** Lines, discounts and the GST in them, exactly as the server will charge. */
export const taxedOrder = (
  lines: TaxedLine[],
  couponDiscount: number,
  discount: number,
  supply: Supply,
): TaxedOrder => wasm().taxedOrder(lines, couponDiscount, discount, supply)
/** What a coupon takes off `subtotal` now, or why it does not apply. */
export const evaluateCoupon = (
  terms: CouponTerms,
  usage: CouponUsage,
  subtotal: number,
  nowMs: number,
): CouponOutcome => wasm().evaluateCoupon(terms, usage, subtotal, nowMs)
/** A coupon's terms against a subtotal, ignoring dates and usage (an order that used it). */
export const couponDiscount = (terms: CouponTerms, subtotal: number): CouponOutcome =>
  wasm().couponDiscount(terms, subtotal)
export const checkCouponTerms = (terms: CouponTerms): TermsProblem | null => wasm().checkCouponTerms(terms)
/** A GSTIN upper-cased when its format and check character are right, or why not. */
export const checkGstin = (text: string): GstinCheck => wasm().checkGstin(text)
/** A coupon nobody has used yet: what the cart assumes once the server said it is usable. */
export const UNUSED_COUPON: CouponUsage = {
  active: true,
  uses: 0,
  usageLimit: null,
  customerUses: 0,
  perCustomerLimit: null,
}
