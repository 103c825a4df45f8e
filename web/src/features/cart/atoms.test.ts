import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { emptyCart, formatInr, type CartLine } from '@/lib/pricing'

const CART_KEY = 'whisk.cart.v1'

/** A Storage stand-in, since vitest runs these tests in node without a window. */
class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value))
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

let storage: MemoryStorage

/** The cart atoms as a fresh app start sees them: the module re-read, the saved cart loaded on init. */
async function loadAtoms() {
  vi.resetModules()
  return import('@/features/cart/atoms')
}

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    cartID: 'p1',
    productID: 'p1',
    image: '/uploads/p1-thumb.webp',
    title: 'Cake flour 1 kg',
    price: 120.5,
    company: 'Bake House',
    amount: 2,
    ...overrides,
  }
}

beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('window', { localStorage: storage })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('cart atoms', () => {
  it('start from the empty cart when nothing is saved', async () => {
    const { cartAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    expect(store.get(cartAtom)).toEqual(emptyCart())
    expect(store.get(numItemsInCartAtom)).toBe(0)
  })

  it('adding the same cartID twice adds the amounts to one line', async () => {
    const { addItemAtom, cartAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    store.set(addItemAtom, line({ amount: 2 }))
    store.set(addItemAtom, line({ amount: 3 }))

    const cart = store.get(cartAtom)
    expect(cart.cartItems).toHaveLength(1)
    expect(cart.cartItems[0]?.amount).toBe(5)
    expect(store.get(numItemsInCartAtom)).toBe(5)
    expect(formatInr(cart.cartTotal)).toBe('₹602.50')
    expect(cart.orderTotal).toBe(cart.cartTotal)
  })

  it('a different cartID is appended as its own line', async () => {
    const { addItemAtom, cartAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    store.set(addItemAtom, line())
    store.set(addItemAtom, line({ cartID: 'p2', productID: 'p2', title: 'Piping bags', price: 99, amount: 1 }))

    expect(store.get(cartAtom).cartItems.map((item) => item.cartID)).toEqual(['p1', 'p2'])
    expect(store.get(numItemsInCartAtom)).toBe(3)
  })

  it('editing sets the amount of one line and recomputes the totals', async () => {
    const { addItemAtom, cartAtom, editItemAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    store.set(addItemAtom, line({ amount: 2 }))
    store.set(addItemAtom, line({ cartID: 'p2', productID: 'p2', price: 10, amount: 1 }))
    store.set(editItemAtom, { cartID: 'p1', amount: 7 })

    const cart = store.get(cartAtom)
    expect(cart.cartItems.find((item) => item.cartID === 'p1')?.amount).toBe(7)
    expect(cart.cartItems.find((item) => item.cartID === 'p2')?.amount).toBe(1)
    expect(store.get(numItemsInCartAtom)).toBe(8)
    expect(formatInr(cart.cartTotal)).toBe('₹853.50')
  })

  it('removing takes the line out; removing the last one leaves an empty cart', async () => {
    const { addItemAtom, cartAtom, numItemsInCartAtom, removeItemAtom } = await loadAtoms()
    const store = createStore()
    store.set(addItemAtom, line())
    store.set(addItemAtom, line({ cartID: 'p2', productID: 'p2', amount: 1 }))

    store.set(removeItemAtom, 'p1')
    expect(store.get(cartAtom).cartItems.map((item) => item.cartID)).toEqual(['p2'])
    expect(store.get(numItemsInCartAtom)).toBe(1)

    store.set(removeItemAtom, 'p2')
    expect(store.get(cartAtom).cartItems).toEqual([])
    expect(store.get(numItemsInCartAtom)).toBe(0)
    expect(store.get(cartAtom).cartTotal).toBe(0)
  })

  it('clearing empties the cart', async () => {
    const { addItemAtom, cartAtom, clearCartAtom } = await loadAtoms()
    const store = createStore()
    store.set(addItemAtom, line())
    store.set(clearCartAtom)
    expect(store.get(cartAtom)).toEqual(emptyCart())
  })

  it('every change is saved under whisk.cart.v1 and restored on the next start', async () => {
    const first = await loadAtoms()
    const before = createStore()
    before.set(first.addItemAtom, line({ amount: 2 }))
    before.set(first.addItemAtom, line({ cartID: 'p2', productID: 'p2', price: 45, amount: 1 }))
    before.set(first.editItemAtom, { cartID: 'p2', amount: 4 })
    const saved = before.get(first.cartAtom)

    const raw = storage.getItem(CART_KEY)
    expect(raw).not.toBeNull()
    expect(JSON.parse(raw ?? 'null')).toEqual(saved)

    const second = await loadAtoms()
    const after = createStore()
    expect(after.get(second.cartAtom)).toEqual(saved)
    expect(after.get(second.numItemsInCartAtom)).toBe(6)

    // The restored cart keeps working: a further add lands on the restored line.
    after.set(second.addItemAtom, line({ amount: 1 }))
    expect(after.get(second.cartAtom).cartItems.find((item) => item.cartID === 'p1')?.amount).toBe(3)
    expect(JSON.parse(storage.getItem(CART_KEY) ?? 'null')).toEqual(after.get(second.cartAtom))
  })
})
