import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

import {
  cartAddItem,
  cartEditItem,
  cartRemoveItem,
  cartUpdatePrices,
  checkCouponTerms,
  isPricingLoaded,
  loadPricing,
  type Cart,
  type CartLine,
  type CouponTerms,
  type PriceUpdate,
} from '@/lib/pricing'

const storage = { getOnInit: true }

/**
 * The cart before anything was added: no lines. Written here rather than asked of the pricing
 * wasm so the cart badge shows at once; every cart with lines comes from the wasm's operations,
 * and the totals shown are recomputed by it.
 */
const NO_CART: Cart = { cartItems: [], numItemsInCart: 0, cartTotal: 0, shipping: 0, tax: 0, orderTotal: 0 }

/** The cart as saved in localStorage; restored on start. Private: the write atoms below change it. */
const storedCartAtom = atomWithStorage<Cart>('whisk.cart.v1', NO_CART, undefined, storage)

/** True once the pricing wasm has loaded, so atoms that check through it look again then. */
const pricingLoadedAtom = atom(isPricingLoaded())
pricingLoadedAtom.onMount = (setLoaded) => {
  void loadPricing().then(() => setLoaded(true))
}

/**
 * Each cart product's GST rate (percent), by product id, as the product showed it when added.
 * The wasm CartLine refuses fields it does not know, so the rates live beside the cart rather
 * than on its lines; lines added before the shop charged GST have none (see use-cart-summary).
 */
const storedGstRatesAtom = atomWithStorage<Record<string, number>>('whisk.cart-gst-rates.v1', {}, undefined, storage)

/** The terms of the coupon the customer applied, as GET /coupons/{code} gave them; null for none. */
const storedCouponAtom = atomWithStorage<CouponTerms | null>('whisk.cart-coupon.v1', null, undefined, storage)

export const cartAtom = atom((get) => get(storedCartAtom))

export const numItemsInCartAtom = atom((get) => get(storedCartAtom).numItemsInCart)

/** The GST rates known for the products in the cart; a product missing here has no rate yet. */
export const cartGstRatesAtom = atom((get) => {
  const rates = get(storedGstRatesAtom)
  const known: Record<string, number> = {}
  for (const { productID } of get(storedCartAtom).cartItems) {
    const rate = rates[productID]
    if (typeof rate === 'number') known[productID] = rate
  }
  return known
})

/**
 * The applied coupon's terms, or null. Saved terms the pricing crate cannot read count as none;
 * until it has loaded they are passed on as saved (nothing prices them before then).
 */
export const cartCouponAtom = atom((get) =>
  get(pricingLoadedAtom) ? usableTerms(get(storedCouponAtom)) : get(storedCouponAtom),
)

/** Empties the cart, with its GST rates and coupon. */
export const clearCartAtom = atom(null, (_get, set) => {
  set(storedCartAtom, NO_CART)
  set(storedGstRatesAtom, {})
  set(storedCouponAtom, null)
})

/** A line to add and its product's GST rate. */
export type AddItem = { line: CartLine; gstRate: number }

/**
 * Adds a line; a line with the same cartID already in the cart gets the amount added instead.
 * Like every change below it waits for the pricing wasm, which has arrived long before a click
 * in practice; changes made meanwhile apply in order.
 */
export const addItemAtom = atom(null, async (get, set, { line, gstRate }: AddItem) => {
  await loadPricing()
  set(storedCartAtom, cartAddItem(get(storedCartAtom), line))
  set(storedGstRatesAtom, { ...get(storedGstRatesAtom), [line.productID]: gstRate })
})

/** Takes the line with this cartID out of the cart, and its rate once no line has its product. */
export const removeItemAtom = atom(null, async (get, set, cartID: string) => {
  await loadPricing()
  const cart = cartRemoveItem(get(storedCartAtom), cartID)
  set(storedCartAtom, cart)
  const kept = new Set(cart.cartItems.map((line) => line.productID))
  const rates = Object.fromEntries(Object.entries(get(storedGstRatesAtom)).filter(([id]) => kept.has(id)))
  set(storedGstRatesAtom, rates)
})

export type EditItem = { cartID: string; amount: number }

/** Sets the amount of the line with this cartID. */
export const editItemAtom = atom(null, async (get, set, { cartID, amount }: EditItem) => {
  await loadPricing()
  set(storedCartAtom, cartEditItem(get(storedCartAtom), cartID, amount))
})

/** Puts the current prices the server reported (409 `price_changed`) into the matching lines. */
export const updatePricesAtom = atom(null, async (get, set, updates: PriceUpdate[]) => {
  await loadPricing()
  set(storedCartAtom, cartUpdatePrices(get(storedCartAtom), updates))
})

/** Keeps a coupon the server said the customer may use; it replaces any coupon applied before. */
export const applyCouponAtom = atom(null, (_get, set, terms: CouponTerms) => set(storedCouponAtom, terms))

/** Takes the coupon off the cart. */
export const removeCouponAtom = atom(null, (_get, set) => set(storedCouponAtom, null))

function usableTerms(terms: CouponTerms | null): CouponTerms | null {
  if (terms === null) return null
  try {
    return checkCouponTerms(terms) === null ? terms : null
  } catch {
    // Not terms at all (edited by hand, or an older shape): as if no coupon were applied.
    return null
  }
}
