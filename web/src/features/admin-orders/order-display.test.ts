import { describe, expect, it } from 'vitest'

import { invoiceFileName, orderCompany, titleInitial } from '@/features/admin-orders/order-display'

describe('orderCompany', () => {
  it("is the customer's company, else the order's", () => {
    const user = { _id: 'u1', username: 'Asha', email: 'a@example.in', company: 'Home Bakes' }
    expect(orderCompany({ company: 'Ship Co', user })).toBe('Home Bakes')
    expect(orderCompany({ company: 'Ship Co', user: { ...user, company: ' ' } })).toBe('Ship Co')
  })
})

describe('invoiceFileName', () => {
  it('names the file after the order number', () => {
    expect(invoiceFileName('ORD1001')).toBe('invoice-ORD1001.pdf')
    expect(invoiceFileName('ORD/1')).toBe('invoice-ORD_1.pdf')
  })
})

describe('titleInitial', () => {
  it('is the first letter, upper-cased, or ? for a blank title', () => {
    expect(titleInitial(' cocoa')).toBe('C')
    expect(titleInitial('')).toBe('?')
  })
})
