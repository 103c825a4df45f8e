import { atom, type Getter, type Setter } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { toast } from 'sonner'

import { getCartProduct, type CatalogProducts } from '@/features/cart/api/get-cart-products'
import { followCatalog } from '@/features/cart/follow-catalog'
import { cartChanges } from '@/lib/cart-changes'
import {
  cartAddItem,
  cartEditItem,
  cartRemoveItem,
  cartUpdatePrices,
  checkCouponTerms,
  isPricingLoaded,
  loadPricing,
  subscribePricing,
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
// public/before-paint.js reads the same key, to tell the cart page's shell whether the cart has lines.
const storedCartAtom = atomWithStorage<Cart>('whisk.cart.v1', NO_CART, undefined, storage)

/** True once the pricing wasm has loaded (also after a failed first try), so atoms that check through it look again then. */
const pricingLoadedAtom = atom(isPricingLoaded())
pricingLoadedAtom.onMount = (setLoaded) => {
  // A failure shows where prices are shown (the cart totals), which offer to try again.
  loadPricing().catch(() => undefined)
  setLoaded(isPricingLoaded())
  return subscribePricing(() => setLoaded(isPricingLoaded()))
}

/**
 * Each cart product's GST rate (percent), by product id, as the product showed it when added.
 * The wasm CartLine refuses fields it does not know, so the rates live beside the cart rather
 * than on its lines; lines added before the shop charged GST have none (see use-cart-summary).
 */
const storedGstRatesAtom = atomWithStorage<Record<string, number>>('whisk.cart-gst-rates.v1', {}, undefined, storage)

/** The terms of the coupon the customer applied, as GET /coupons/{code} gave them; null for none. */
const storedCouponAtom = atomWithStorage<CouponTerms | null>('whisk.cart-coupon.v1', null, undefined, storage)

/** What the shop last changed in the cart to match the catalog, one sentence each; not saved. */
const catalogChangesAtom = atom<string[]>([])

export const cartAtom = atom((get) => get(storedCartAtom))

/** The sentences saying what the cart's last refresh from the catalog changed; empty for nothing. */
export const cartCatalogChangesAtom = atom((get) => get(catalogChangesAtom))

/** Forgets what the last refresh changed, once the screen saying it has gone. */
export const dismissCatalogChangesAtom = atom(null, (_get, set) => set(catalogChangesAtom, []))

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
 * Adds a line; a line with the same cartID already in the cart gets the amount added instead,
 * never above what the product's current stock allows (a toast then says how many the cart has).
 * Like every change below it waits for the pricing wasm, which has arrived long before a click
 * in practice; changes made meanwhile apply in order.
 */
export const addItemAtom = atom(null, async (get, set, { line, gstRate }: AddItem) => {
  // Unknown when the server cannot be asked: the line goes in, and checkout checks the stock.
  const [product] = await Promise.all([getCartProduct(line.productID).catch(() => undefined), loadPricing()])
  const added = cartAddItem(get(storedCartAtom), line)
  const cart = product === undefined ? added : followCatalog(added, { [line.productID]: product })
  set(storedGstRatesAtom, { ...get(storedGstRatesAtom), [line.productID]: gstRate })
  keepCart(get, set, cart)
  if (cart === added) return true
  toast.warning(cartChanges(added, cart).join('. '))
  return false
})

/** Takes the line with this cartID out of the cart, and its rate once no line has its product. */
export const removeItemAtom = atom(null, async (get, set, cartID: string) => {
  await loadPricing()
  keepCart(get, set, cartRemoveItem(get(storedCartAtom), cartID))
})

/**
 * Brings the cart up to date with the catalog's current prices and stock (see followCatalog)
 * and remembers what that changed, for the cart screen to say.
 */
export const followCatalogAtom = atom(null, async (get, set, products: CatalogProducts) => {
  await loadPricing()
  const before = get(storedCartAtom)
  const after = followCatalog(before, products)
  if (after === before) return
  keepCart(get, set, after)
  set(catalogChangesAtom, cartChanges(before, after))
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

/** Saves `cart`, dropping the GST rates of products no longer in it. */
function keepCart(get: Getter, set: Setter, cart: Cart) {
  set(storedCartAtom, cart)
  const kept = new Set(cart.cartItems.map((line) => line.productID))
  set(storedGstRatesAtom, Object.fromEntries(Object.entries(get(storedGstRatesAtom)).filter(([id]) => kept.has(id))))
}

function usableTerms(terms: CouponTerms | null): CouponTerms | null {
  if (terms === null) return null
  try {
    return checkCouponTerms(terms) === null ? terms : null
  } catch {
    // Not terms at all (edited by hand, or an older shape): as if no coupon were applied.
    return null
  }
}
