import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

import { emptyCart, type Cart } from '@/lib/pricing'

const storedCartAtom = atomWithStorage<Cart>('whisk.cart.v1', emptyCart(), undefined, { getOnInit: true })

export const cartAtom = atom((get) => get(storedCartAtom))

export const numItemsInCartAtom = atom((get) => get(storedCartAtom).numItemsInCart)

export const clearCartAtom = atom(null, (_get, set) => set(storedCartAtom, emptyCart()))
