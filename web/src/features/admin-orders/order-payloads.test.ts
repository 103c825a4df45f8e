import { describe, expect, it } from 'vitest'

import { createOrderBody, readGstin, shipToFromCustomer, updateOrderBody } from '@/features/admin-orders/order-payloads'
import type { CustomerOption, DraftLine } from '@/features/admin-orders/types'

const asha: CustomerOption = {
  _id: 'u1',
  username: 'Asha Rao',
  email: 'asha@example.in',
  address: '14 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  mobile: '9876543210',
  company: 'Home Bakes',
  status: 'active',
}

const lines: DraftLine[] = [
  { productId: 'p1', name: 'Cocoa powder', price: 449.5, image: '/uploads/cocoa.webp', gstRate: 18, hsn: '1805', amountText: '2', maxAmount: 7 },
  { productId: 'p2', name: 'Piping bags', price: 120, image: '', gstRate: 12, hsn: '', amountText: ' 3 ', maxAmount: 20 },
]

describe('shipToFromCustomer', () => {
  it('prefills name, address, city and state', () => {
    expect(shipToFromCustomer(asha)).toEqual({
      name: 'Asha Rao',
      address: '14 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '',
      phone: asha.mobile,
    })
  })

  it('takes the state the customer names ignoring case, and leaves it to the admin when it names none', () => {
    expect(shipToFromCustomer({ ...asha, state: ' tamil nadu ' }).state).toBe('Tamil Nadu')
    expect(shipToFromCustomer({ ...asha, state: 'Bengaluru Urban' }).state).toBe('')
  })
})

describe('readGstin', () => {
  it('is none when blank, the GSTIN upper-cased when valid, else the reason', () => {
    expect(readGstin('  ')).toEqual({ gstin: null })
    expect(readGstin('27aapfu0939f1zv')).toEqual({ gstin: '27AAPFU0939F1ZV' })
    expect(readGstin('27AAPFU0939F1ZX')).toMatchObject({ error: expect.stringMatching(/^[A-Z]/) })
  })
})

describe('createOrderBody', () => {
  it('builds the POST /orders body with amounts and discount, and no totals the server computes itself', () => {
    const shipTo = { ...shipToFromCustomer(asha), name: ' Asha R. ', pinCode: '560 001' }
    expect(createOrderBody(asha, shipTo, lines, '50.25')).toEqual({
      ok: true,
      body: {
        userId: 'u1',
        name: 'Asha R.',
        address: '14 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        phone: asha.mobile,
        discount: 50.25,
        cartItems: [
          { productId: 'p1', price: 449.5, amount: 2 },
          { productId: 'p2', price: 120, amount: 3 },
        ],
      },
    })
  })

  it('sends a valid buyer GSTIN upper-cased, and refuses one that is not', () => {
    const result = createOrderBody(asha, shipToFromCustomer(asha), lines, '0', ' 27aapfu0939f1zv ')
    expect(result.ok && result.body.gstin).toBe('27AAPFU0939F1ZV')
    expect(createOrderBody(asha, shipToFromCustomer(asha), lines, '0', '27AAPFU0939F1Z')).toEqual({ ok: false, problem: 'gstin' })
    const without = createOrderBody(asha, shipToFromCustomer(asha), lines, '0', '')
    expect(without.ok && 'gstin' in without.body).toBe(false)
  })

  it('sends a blank discount as 0', () => {
    const result = createOrderBody(asha, shipToFromCustomer(asha), lines, '')
    expect(result.ok && result.body.discount).toBe(0)
  })

  it('needs a customer and at least one line', () => {
    expect(createOrderBody(null, shipToFromCustomer(asha), lines, '0')).toEqual({ ok: false, problem: 'missing' })
    expect(createOrderBody(asha, shipToFromCustomer(asha), [], '0')).toEqual({ ok: false, problem: 'missing' })
  })

  it('refuses a quantity over the stock or a discount with three decimals', () => {
    const tooMany = [{ ...lines[0]!, amountText: '8' }]
    expect(createOrderBody(asha, shipToFromCustomer(asha), tooMany, '0')).toEqual({ ok: false, problem: 'invalid' })
    expect(createOrderBody(asha, shipToFromCustomer(asha), lines, '1.005')).toEqual({ ok: false, problem: 'invalid' })
    expect(createOrderBody(asha, shipToFromCustomer(asha), lines, '-1')).toEqual({ ok: false, problem: 'invalid' })
  })
})

describe('updateOrderBody', () => {
  const unchanged = { pinCode: '', phone: '', paymentStatus: null }
  const draft: DraftLine[] = [
    { productId: 'p1', name: 'Cocoa powder', price: 400, image: '/uploads/cocoa.webp', gstRate: 18, hsn: '1805', amountText: '3', maxAmount: 8, savedAmount: 3 },
    { productId: 'p3', name: 'Sprinkles', price: 75.25, image: '', gstRate: 5, hsn: '', amountText: '1', maxAmount: 20 },
  ]

  it('builds the PATCH body, without totals the server computes itself', () => {
    const values = { ...unchanged, name: 'Asha', email: ' asha@example.in ', address: '14 MG Road', status: 'delivered' as const, discount: '25.25' }
    expect(updateOrderBody(values, draft)).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
      address: '14 MG Road',
      discount: 25.25,
      status: 'delivered',
      cartItems: [
        { productId: 'p1', price: 400, amount: 3 },
        { productId: 'p3', price: 75.25, amount: 1 },
      ],
    })
  })

  it('sends only the status, payment, phone and e-mail once the order is invoiced', () => {
    const values = { ...unchanged, name: 'Asha', email: ' asha@example.in ', address: '14 MG Road', status: 'cancelled' as const, discount: 'x' }
    expect(updateOrderBody(values, draft, true)).toEqual({ email: 'asha@example.in', status: 'cancelled' })
    expect(updateOrderBody({ ...values, paymentStatus: 'refunded', phone: '9876543210', pinCode: '560001' }, draft, true)).toEqual({
      email: 'asha@example.in',
      phone: '9876543210',
      status: 'cancelled',
      paymentStatus: 'refunded',
    })
  })

  it('sends the PIN code, phone and payment status only when given or changed', () => {
    const values = { ...unchanged, name: 'A', email: 'a@example.in', address: 'x', status: 'pending' as const, discount: '0' }
    expect(updateOrderBody(values, draft)).not.toHaveProperty('paymentStatus')
    expect(updateOrderBody(values, draft)).not.toHaveProperty('pinCode')
    expect(updateOrderBody({ ...values, pinCode: ' 560 001 ', phone: ' 98765 43210 ', paymentStatus: 'paid' }, draft)).toMatchObject({
      pinCode: '560001',
      phone: '98765 43210',
      paymentStatus: 'paid',
    })
  })

  it('is null while the discount or a quantity is not valid', () => {
    const values = { ...unchanged, name: 'A', email: 'a@example.in', address: 'x', status: 'paid' as const, discount: '-3' }
    expect(updateOrderBody(values, draft)).toBeNull()
    const fine = { ...values, discount: '0' }
    expect(updateOrderBody(fine, draft)).not.toBeNull()
    expect(updateOrderBody(fine, [{ ...draft[0]!, amountText: '9' }])).toBeNull()
    expect(updateOrderBody(fine, [{ ...draft[0]!, amountText: '' }])).toBeNull()
    // Invoiced: the lines are not sent, so they are not checked either.
    expect(updateOrderBody(fine, [{ ...draft[0]!, amountText: '9' }], true)).not.toBeNull()
  })
})
