import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

import {
  cartAddItem,
  cartEditItem,
  cartRemoveItem,
  cartUpdatePrices,
  emptyCart,
  type Cart,
  type CartLine,
  type PriceUpdate,
} from '@/lib/pricing'

/** The cart as saved in localStorage; restored on start. Private: the write atoms below change it. */
const storedCartAtom = atomWithStorage<Cart>('whisk.cart.v1', emptyCart(), undefined, { getOnInit: true })

export const cartAtom = atom((get) => get(storedCartAtom))

export const numItemsInCartAtom = atom((get) => get(storedCartAtom).numItemsInCart)

export const clearCartAtom = atom(null, (_get, set) => set(storedCartAtom, emptyCart()))

/** Adds a line; a line with the same cartID already in the cart gets the amount added instead. */
export const addItemAtom = atom(null, (get, set, line: CartLine) =>
  set(storedCartAtom, cartAddItem(get(storedCartAtom), line)),
)

/** Takes the line with this cartID out of the cart. */
export const removeItemAtom = atom(null, (get, set, cartID: string) =>
  set(storedCartAtom, cartRemoveItem(get(storedCartAtom), cartID)),
)

export type EditItem = { cartID: string; amount: number }

/** Sets the amount of the line with this cartID. */
export const editItemAtom = atom(null, (get, set, { cartID, amount }: EditItem) =>
  set(storedCartAtom, cartEditItem(get(storedCartAtom), cartID, amount)),
)

/** Puts the current prices the server reported (409 `price_changed`) into the matching lines. */
export const updatePricesAtom = atom(null, (get, set, updates: PriceUpdate[]) =>
  set(storedCartAtom, cartUpdatePrices(get(storedCartAtom), updates)),
)
