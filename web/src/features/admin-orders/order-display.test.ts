import { beforeAll, describe, expect, it } from 'vitest'

import { documentFileName, formatDocumentDate, orderCompany, titleInitial } from '@/features/admin-orders/order-display'

beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata'
})

describe('orderCompany', () => {
  it("is the customer's company, else the order's", () => {
    const user = { _id: 'u1', username: 'Asha', email: 'a@example.in', company: 'Home Bakes' }
    expect(orderCompany({ company: 'Ship Co', user })).toBe('Home Bakes')
    expect(orderCompany({ company: 'Ship Co', user: { ...user, company: ' ' } })).toBe('Ship Co')
  })
})

describe('documentFileName', () => {
  it('names the file after the document and the order number', () => {
    expect(documentFileName('invoice', 'ORD1001')).toBe('invoice-ORD1001.pdf')
    expect(documentFileName('invoice', 'ORD/1')).toBe('invoice-ORD_1.pdf')
    expect(documentFileName('credit-note', 'ORD1001')).toBe('credit-note-ORD1001.pdf')
  })
})

describe('formatDocumentDate', () => {
  it('shows the day in en-IN, in the browser time zone', () => {
    expect(formatDocumentDate('2026-11-24T20:00:00Z')).toBe('25 Nov 2026')
    expect(formatDocumentDate('soon')).toBe('soon')
  })
})

describe('titleInitial', () => {
  it('is the first letter, upper-cased, or ? for a blank title', () => {
    expect(titleInitial(' cocoa')).toBe('C')
    expect(titleInitial('')).toBe('?')
  })
})
