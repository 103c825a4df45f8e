import { describe, expect, it } from 'vitest'

import { checkoutPayload, shippingDefaults } from '@/features/orders/checkout-payload'
import type { CheckoutExtras } from '@/features/orders/types'
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

const shipping = {
  name: 'Asha Baker',
  address: '14 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
  company: 'Home Bakes',
}

/** A cash-on-delivery checkout without coupon, GSTIN or business name. */
const plain: CheckoutExtras = { couponCode: null, gstin: '', businessName: '', paymentMethod: 'cod' }

describe('shippingDefaults', () => {
  const user = {
    username: 'Asha Baker',
    address: '14 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    company: 'Home Bakes',
    mobile: '9876543210',
  }

  it("prefills the form with the customer's own details, the username as the name and the mobile as the phone", () => {
    expect(shippingDefaults({ ...user, email: 'asha@example.in' } as typeof user)).toEqual({ ...shipping, pinCode: '' })
  })

  it('takes the state by its proper name when it names one in another case', () => {
    expect(shippingDefaults({ ...user, state: ' karnataka ' }).state).toBe('Karnataka')
    expect(shippingDefaults({ ...user, state: 'TAMIL NADU' }).state).toBe('Tamil Nadu')
  })

  it('leaves the state to choose when it is not one of India’s', () => {
    expect(shippingDefaults({ ...user, state: 'Bengaluru Urban' }).state).toBe('')
    expect(shippingDefaults({ ...user, state: '' }).state).toBe('')
  })
})

describe('checkoutPayload', () => {
  it('sends each cart line as productId, amount and the price seen, and no totals the server computes itself', () => {
    const cart = cartAddItem(cartAddItem(emptyCart(), flour), tin)
    expect(checkoutPayload(cart, shipping, plain)).toEqual({
      ...shipping,
      paymentMethod: 'cod',
      cartItems: [
        { productId: 'flour', amount: 3, price: 249.5 },
        { productId: 'tin', amount: 1, price: 1099 },
      ],
    })
  })

  it('sends the coupon code, the GSTIN in capitals and the business name', () => {
    const cart = cartAddItem(emptyCart(), { ...tin, price: 500 })
    const payload = checkoutPayload(cart, { ...shipping, state: 'Maharashtra' }, {
      couponCode: 'SAVE10',
      gstin: ' 27aapfu0939f1zv ',
      businessName: '  Asha Bakes LLP ',
      paymentMethod: 'upi',
    })
    expect(payload).toMatchObject({
      state: 'Maharashtra',
      couponCode: 'SAVE10',
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Asha Bakes LLP',
      paymentMethod: 'upi',
    })
  })

  it('leaves out a coupon, GSTIN and business name that are not there', () => {
    const payload = checkoutPayload(cartAddItem(emptyCart(), flour), shipping, { ...plain, gstin: '  ', businessName: ' ' })
    expect(payload).not.toHaveProperty('couponCode')
    expect(payload).not.toHaveProperty('gstin')
    expect(payload).not.toHaveProperty('businessName')
  })

  it('sends the product id, not the cart line id', () => {
    const cart = cartAddItem(emptyCart(), { ...flour, cartID: 'flour#line' })
    expect(checkoutPayload(cart, shipping, plain).cartItems[0]?.productId).toBe('flour')
  })

  it('trims the shipping fields', () => {
    const cart = cartAddItem(emptyCart(), flour)
    const padded = {
      name: ' Asha ',
      address: '14 MG Road\n',
      city: ' ',
      state: 'Karnataka',
      pinCode: ' 560 001 ',
      phone: '+91 98765 43210',
      company: '',
    }
    expect(checkoutPayload(cart, padded, plain)).toMatchObject({
      name: 'Asha',
      address: '14 MG Road',
      city: '',
      state: 'Karnataka',
      pinCode: '560001',
      phone: '9876543210',
      company: '',
    })
  })
})
