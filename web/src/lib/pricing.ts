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
//
// The download can fail (offline, a flaky connection, a blocked file). Then the status is
// 'failed' (usePricingStatus), components say so and offer to try again (retryPricing), and a
// route that needs the wasm shows an error page that can try again too; a failure is never kept,
// so the next attempt fetches the wasm afresh.
import { useEffect, useSyncExternalStore } from 'react'

import { moduleLoader, type LoadStatus, type ModuleLoader } from '@/lib/module-loader'
import pricingWasmUrl from '@/wasm/pkg/pricing_bg.wasm?url'

import type {
  AmountContext,
  Cart,
  CartLine,
  CouponOutcome,
  CouponTerms,
  CouponUsage,
  DeliveryTerms,
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

/** Where the pricing wasm stands: on its way (or not asked for yet), in, or failed to load. */
export type PricingStatus = LoadStatus

type Wasm = typeof import('@/wasm/pkg/pricing')

/**
 * Fetches the wasm and starts it on the JS glue wasm-bindgen wrote for it. Done by hand rather
 * than through `import('@/wasm/pkg/pricing')`, whose top-level await fetches the wasm while the
 * module is evaluated: a browser keeps a module that failed there failed for the life of the
 * page, so a download that failed once could never be tried again without a reload.
 */
async function instantiatePricing(): Promise<Wasm> {
  const [glue, response] = await Promise.all([import('@/wasm/pkg/pricing_bg.js'), fetch(pricingWasmUrl)])
  if (!response.ok) throw new Error(`GET ${pricingWasmUrl} answered ${response.status}`)
  // The wasm imports its helpers from the module wasm-bindgen named './pricing_bg.js'.
  const imports = { './pricing_bg.js': glue as unknown as WebAssembly.ModuleImports }
  const { instance } = response.headers.get('Content-Type')?.startsWith('application/wasm')
    ? await WebAssembly.instantiateStreaming(response, imports)
    : await WebAssembly.instantiate(await response.arrayBuffer(), imports)
  glue.__wbg_set_wasm(instance.exports)
  ;(instance.exports.__wbindgen_start as () => void)()
  return glue
}

/**
 * Tests run in Node, which cannot fetch the wasm by its URL: there the package's own entry loads
 * it (vite-plugin-wasm inlines it). The build drops this branch.
 */
const importPricing: () => Promise<Wasm> = import.meta.env.SSR ? () => import('@/wasm/pkg/pricing') : instantiatePricing

/** The pricing wasm could not be loaded (offline, a blocked or failed download); `cause` says why. */
export class PricingUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the pricing module could not be loaded', { cause })
    this.name = 'PricingUnavailableError'
  }
}

/**
 * The pricing module, loaded on demand. `importer` is for tests; the app has one loader, below.
 * Failures reject with PricingUnavailableError and are not kept: the next load tries again.
 */
export function pricingLoader(importer: () => Promise<Wasm> = importPricing): ModuleLoader<Wasm> {
  return moduleLoader(() =>
    importer().catch((cause: unknown) => {
      throw new PricingUnavailableError(cause)
    }),
  )
}

const pricing = pricingLoader()

/**
 * Loads the pricing wasm, resolving when it is in. Later calls get the same promise while it is
 * on its way or once it is in; after a failure (rejected with PricingUnavailableError) the next
 * call fetches it again.
 */
export function loadPricing(): Promise<void> {
  return pricing.load().then(() => undefined)
}

/**
 * Tries to load the pricing wasm again after a failure ("Try again"); true once it is in, false
 * when it failed again (the status then says 'failed' once more). Never rejects.
 */
export function retryPricing(): Promise<boolean> {
  return pricing.load().then(
    () => true,
    () => false,
  )
}

/** Calls `listener` whenever the pricing status changes; returns the way to stop. */
export const subscribePricing = (listener: () => void): (() => void) => pricing.subscribe(listener)

/** Where the pricing wasm stands: 'loading' (or not asked for yet), 'ready' or 'failed'. */
export const pricingStatus = (): PricingStatus => pricing.status()

/**
 * The pricing wasm's status, for a component: figures once 'ready', a placeholder while
 * 'loading', and when 'failed' a way to try again (components/pricing-unavailable) or a quiet
 * fallback. Asking starts the loading, once the browser is idle, unless it has failed: then it
 * is tried again by a "Try again" button or whatever next needs it (loadPricing).
 */
export function usePricingStatus(): PricingStatus {
  const status = useSyncExternalStore(subscribePricing, pricingStatus, () => 'loading' as const)
  useEffect(() => {
    if (status !== 'loading') return
    // Once the browser is idle: the first screen's pictures and data go first.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1))
    // A failure shows in the status; the component renders it.
    idle(() => void retryPricing())
  }, [status])
  return status
}

/**
 * True once the pricing wasm has loaded; a component showing money math renders its figures
 * when it is. Asking starts the loading. Whoever shows a placeholder meanwhile should also
 * handle a failed load (usePricingStatus), or the placeholder stays for good.
 */
export function usePricingLoaded(): boolean {
  return usePricingStatus() === 'ready'
}

export function isPricingLoaded(): boolean {
  return pricing.current() !== null
}

/** The loaded module; calling the money math before it arrived is a bug in the caller. */
function wasm(): Wasm {
  const loaded = pricing.current()
  if (loaded === null) throw new Error('the pricing module has not loaded yet: wait for loadPricing()')
  return loaded
}

/**
 * Made on first use, not as the module loads: the page's first Intl format loads the browser's
 * ICU data (17-49 ms in Chromium here), which would lengthen the bundle's evaluation task.
 */
let inrText: Intl.NumberFormat | undefined

/** en-IN rupee text from the browser's Intl, which `formatInr` uses until the wasm arrives. */
export const formatInrBeforeWasm = (amount: number): string =>
  (inrText ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })).format(amount)

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
export const formatInr = (amount: number): string => pricing.current()?.formatInr(amount) ?? formatInrBeforeWasm(amount)
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
  delivery: DeliveryTerms,
): TaxedOrder => wasm().taxedOrder(lines, couponDiscount, discount, supply, delivery)
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
