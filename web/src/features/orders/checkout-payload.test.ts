import { describe, expect, it } from 'vitest'

import { checkoutPayload, shippingDefaults } from '@/features/orders/checkout-payload'
import { cartAddItem, emptyCart, type CartLine } from '@/lib/pricing'

const flour: CartLine = {
  cartID: 'flour',
  productID: 'flour',
  image: '/uploads/flour-thumb.webp',
  title: 'Bread Flour 1 kg',
  price: 249.5,
  company: 'Millstone',
  amount: 3,
}
const tin: CartLine = {
  cartID: 'tin',
  productID: 'tin',
  image: '',
  title: 'Tart Tin',
  price: 1099,
  company: 'Sugarcraft',
  amount: 1,
}

const shipping = { name: 'Asha Baker', address: '14 MG Road', city: 'Bengaluru', state: 'Karnataka', company: 'Home Bakes' }

describe('shippingDefaults', () => {
  it("prefills the form with the customer's own details, the username as the name", () => {
    const user = { username: 'Asha Baker', address: '14 MG Road', city: 'Bengaluru', state: 'Karnataka', company: 'Home Bakes' }
    expect(shippingDefaults({ ...user, email: 'asha@example.in' } as typeof user)).toEqual(shipping)
  })
})

describe('checkoutPayload', () => {
  it('sends each cart line as productId, amount, the price seen, name and image', () => {
    const cart = cartAddItem(cartAddItem(emptyCart(), flour), tin)
    expect(checkoutPayload(cart, shipping)).toEqual({
      ...shipping,
      chargeTotal: 1847.5,
      orderTotal: '₹1,847.50',
      numItemsInCart: 4,
      cartItems: [
        { productId: 'flour', amount: 3, price: 249.5, name: 'Bread Flour 1 kg', image: '/uploads/flour-thumb.webp' },
        { productId: 'tin', amount: 1, price: 1099, name: 'Tart Tin', image: '' },
      ],
    })
  })

  it('sends the product id, not the cart line id', () => {
    const cart = cartAddItem(emptyCart(), { ...flour, cartID: 'flour#line' })
    expect(checkoutPayload(cart, shipping).cartItems[0]?.productId).toBe('flour')
  })

  it('trims the shipping fields', () => {
    const cart = cartAddItem(emptyCart(), flour)
    const padded = { name: ' Asha ', address: '14 MG Road\n', city: ' ', state: 'Karnataka', company: '' }
    expect(checkoutPayload(cart, padded)).toMatchObject({
      name: 'Asha',
      address: '14 MG Road',
      city: '',
      state: 'Karnataka',
      company: '',
    })
  })
})
