import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { emptyCart, formatInr, type CartLine, type CouponTerms } from '@/lib/pricing'

const CART_KEY = 'whisk.cart.v1'
const RATES_KEY = 'whisk.cart-gst-rates.v1'
const COUPON_KEY = 'whisk.cart-coupon.v1'

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

/** The stock GET /products/{id} reports for every product; undefined when the server cannot be asked. */
let serverStock: number | undefined

vi.mock('@/features/cart/api/get-cart-products', () => ({
  getCartProduct: (productId: string) =>
    serverStock === undefined
      ? Promise.reject(new Error(`no server in unit tests (${productId})`))
      : Promise.resolve({ price: 120.5, stock: serverStock }),
}))

/** The cart atoms as a fresh app start sees them: the module re-read, the saved cart loaded on init. */
async function loadAtoms() {
  vi.resetModules()
  // The fresh pricing module loads its wasm again; the atoms are read once it has.
  await (await import('@/lib/pricing')).loadPricing()
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

/** What 'Add to bag' adds: the line and its product's GST rate. */
function item(cartLine: CartLine, gstRate = 18) {
  return { line: cartLine, gstRate }
}

const coupon: CouponTerms = {
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  maxDiscount: null,
  validFromMs: null,
  validUntilMs: null,
}

beforeEach(() => {
  serverStock = undefined
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
    expect(store.get(cartAtom)).toMatchObject({ cartItems: [], numItemsInCart: 0 })
    expect(store.get(numItemsInCartAtom)).toBe(0)
  })

  it('adding the same cartID twice adds the amounts to one line', async () => {
    const { addItemAtom, cartAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line({ amount: 2 })))
    await store.set(addItemAtom, item(line({ amount: 3 })))

    const cart = store.get(cartAtom)
    expect(cart.cartItems).toHaveLength(1)
    expect(cart.cartItems[0]?.amount).toBe(5)
    expect(store.get(numItemsInCartAtom)).toBe(5)
    expect(formatInr(cart.cartTotal)).toBe('₹602.50')
    expect(cart.orderTotal).toBe(cart.cartTotal)
  })

  it('adding never takes a line above the stock the server reports', async () => {
    const { addItemAtom, cartAtom } = await loadAtoms()
    const store = createStore()
    serverStock = 3
    expect(await store.set(addItemAtom, item(line({ amount: 2 }))), 'all of it went in').toBe(true)
    expect(await store.set(addItemAtom, item(line({ amount: 2 }))), 'held back by the stock').toBe(false)
    expect(store.get(cartAtom).cartItems.map(({ amount }) => amount)).toEqual([3])
  })

  it('a different cartID is appended as its own line', async () => {
    const { addItemAtom, cartAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line()))
    await store.set(addItemAtom, item(line({ cartID: 'p2', productID: 'p2', title: 'Piping bags', price: 99, amount: 1 })))

    expect(store.get(cartAtom).cartItems.map((item) => item.cartID)).toEqual(['p1', 'p2'])
    expect(store.get(numItemsInCartAtom)).toBe(3)
  })

  it('editing sets the amount of one line and recomputes the totals', async () => {
    const { addItemAtom, cartAtom, editItemAtom, numItemsInCartAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line({ amount: 2 })))
    await store.set(addItemAtom, item(line({ cartID: 'p2', productID: 'p2', price: 10, amount: 1 })))
    await store.set(editItemAtom, { cartID: 'p1', amount: 7 })

    const cart = store.get(cartAtom)
    expect(cart.cartItems.find((item) => item.cartID === 'p1')?.amount).toBe(7)
    expect(cart.cartItems.find((item) => item.cartID === 'p2')?.amount).toBe(1)
    expect(store.get(numItemsInCartAtom)).toBe(8)
    expect(formatInr(cart.cartTotal)).toBe('₹853.50')
  })

  it('removing takes the line out; removing the last one leaves an empty cart', async () => {
    const { addItemAtom, cartAtom, numItemsInCartAtom, removeItemAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line()))
    await store.set(addItemAtom, item(line({ cartID: 'p2', productID: 'p2', amount: 1 })))

    await store.set(removeItemAtom, 'p1')
    expect(store.get(cartAtom).cartItems.map((item) => item.cartID)).toEqual(['p2'])
    expect(store.get(numItemsInCartAtom)).toBe(1)

    await store.set(removeItemAtom, 'p2')
    expect(store.get(cartAtom).cartItems).toEqual([])
    expect(store.get(numItemsInCartAtom)).toBe(0)
    expect(store.get(cartAtom).cartTotal).toBe(0)
  })

  it('clearing empties the cart', async () => {
    const { addItemAtom, cartAtom, clearCartAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line()))
    store.set(clearCartAtom)
    expect(store.get(cartAtom)).toMatchObject({ cartItems: [], numItemsInCart: 0 })
  })

  it('every change is saved under whisk.cart.v1 and restored on the next start', async () => {
    const first = await loadAtoms()
    const before = createStore()
    await before.set(first.addItemAtom, item(line({ amount: 2 })))
    await before.set(first.addItemAtom, item(line({ cartID: 'p2', productID: 'p2', price: 45, amount: 1 })))
    await before.set(first.editItemAtom, { cartID: 'p2', amount: 4 })
    const saved = before.get(first.cartAtom)

    const raw = storage.getItem(CART_KEY)
    expect(raw).not.toBeNull()
    expect(JSON.parse(raw ?? 'null')).toEqual(saved)

    const second = await loadAtoms()
    const after = createStore()
    expect(after.get(second.cartAtom)).toEqual(saved)
    expect(after.get(second.numItemsInCartAtom)).toBe(6)

    // The restored cart keeps working: a further add lands on the restored line.
    await after.set(second.addItemAtom, item(line({ amount: 1 })))
    expect(after.get(second.cartAtom).cartItems.find((item) => item.cartID === 'p1')?.amount).toBe(3)
    expect(JSON.parse(storage.getItem(CART_KEY) ?? 'null')).toEqual(after.get(second.cartAtom))
  })
})

describe('GST rates kept with the cart', () => {
  it('keep the rate of each product added, by product id', async () => {
    const { addItemAtom, cartGstRatesAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line(), 18))
    await store.set(addItemAtom, item(line({ cartID: 'p2', productID: 'p2' }), 5))
    expect(store.get(cartGstRatesAtom)).toEqual({ p1: 18, p2: 5 })
  })

  it('take the rate the product shows when it is added again', async () => {
    const { addItemAtom, cartGstRatesAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line(), 18))
    await store.set(addItemAtom, item(line(), 40))
    expect(store.get(cartGstRatesAtom)).toEqual({ p1: 40 })
  })

  it('forget a product once its line is removed, and everything when the cart is cleared', async () => {
    const { addItemAtom, cartGstRatesAtom, clearCartAtom, removeItemAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line(), 18))
    await store.set(addItemAtom, item(line({ cartID: 'p2', productID: 'p2' }), 5))
    await store.set(removeItemAtom, 'p1')
    expect(store.get(cartGstRatesAtom)).toEqual({ p2: 5 })
    expect(JSON.parse(storage.getItem(RATES_KEY) ?? 'null')).toEqual({ p2: 5 })
    store.set(clearCartAtom)
    expect(store.get(cartGstRatesAtom)).toEqual({})
  })

  it('are saved under whisk.cart-gst-rates.v1 and restored on the next start', async () => {
    const first = await loadAtoms()
    const before = createStore()
    await before.set(first.addItemAtom, item(line(), 5))
    expect(JSON.parse(storage.getItem(RATES_KEY) ?? 'null')).toEqual({ p1: 5 })

    const second = await loadAtoms()
    expect(createStore().get(second.cartGstRatesAtom)).toEqual({ p1: 5 })
  })

  it('list only the cart products that have one: a cart saved before rates were kept has none', async () => {
    storage.setItem(CART_KEY, JSON.stringify({ ...emptyCart(), cartItems: [line()], numItemsInCart: 2 }))
    storage.setItem(RATES_KEY, JSON.stringify({ gone: 18 }))
    const { cartGstRatesAtom } = await loadAtoms()
    expect(createStore().get(cartGstRatesAtom)).toEqual({})
  })
})

describe('the cart coupon', () => {
  it('starts with none, is kept once applied and goes when removed', async () => {
    const { applyCouponAtom, cartCouponAtom, removeCouponAtom } = await loadAtoms()
    const store = createStore()
    expect(store.get(cartCouponAtom)).toBeNull()
    store.set(applyCouponAtom, coupon)
    expect(store.get(cartCouponAtom)).toEqual(coupon)
    store.set(removeCouponAtom)
    expect(store.get(cartCouponAtom)).toBeNull()
    expect(JSON.parse(storage.getItem(COUPON_KEY) ?? 'undefined')).toBeNull()
  })

  it('a second coupon replaces the first', async () => {
    const { applyCouponAtom, cartCouponAtom } = await loadAtoms()
    const store = createStore()
    store.set(applyCouponAtom, coupon)
    store.set(applyCouponAtom, { ...coupon, code: 'FLAT50', kind: 'flat', value: 50 })
    expect(store.get(cartCouponAtom)?.code).toBe('FLAT50')
  })

  it('is saved under whisk.cart-coupon.v1 and restored on the next start', async () => {
    const first = await loadAtoms()
    createStore().set(first.applyCouponAtom, coupon)
    expect(JSON.parse(storage.getItem(COUPON_KEY) ?? 'null')).toEqual(coupon)

    const second = await loadAtoms()
    expect(createStore().get(second.cartCouponAtom)).toEqual(coupon)
  })

  it('goes with the cart when it is cleared (an order placed, a sign-out)', async () => {
    const { addItemAtom, applyCouponAtom, cartCouponAtom, clearCartAtom } = await loadAtoms()
    const store = createStore()
    await store.set(addItemAtom, item(line()))
    store.set(applyCouponAtom, coupon)
    store.set(clearCartAtom)
    expect(store.get(cartCouponAtom)).toBeNull()
  })

  it('counts saved terms the pricing crate cannot read as no coupon', async () => {
    storage.setItem(COUPON_KEY, JSON.stringify({ code: 'X', kind: 'bogus', value: 'ten' }))
    const { cartCouponAtom } = await loadAtoms()
    expect(createStore().get(cartCouponAtom)).toBeNull()
  })
})
