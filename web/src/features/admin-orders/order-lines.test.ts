import { describe, expect, it } from 'vitest'

import {
  createLineFromProduct,
  createTotals,
  draftLineFromProduct,
  draftTotals,
  hasProduct,
  lineAmountLimit,
  lineFieldError,
  lineTotal,
  maxLineAmount,
  parseAmount,
  parseDiscount,
  removeLine,
  updateLine,
} from '@/features/admin-orders/order-lines'
import type { CreateLine, DraftLine, ProductOption } from '@/features/admin-orders/types'
import { amountOptions } from '@/lib/pricing'

const cocoa: ProductOption = {
  _id: 'p1',
  title: 'Cocoa powder',
  company: 'Bake Co',
  sellingPrice: 449.5,
  stock: 7,
  image1: { url: '/uploads/cocoa.webp', thumbnail: '/uploads/cocoa-thumb.webp' },
  gstRate: 18,
  hsn: '1805',
}

const lineAt = (price: number): Omit<DraftLine, 'amount'> => ({
  productId: `p-${price}`,
  name: `Item ${price}`,
  price,
  image: '',
  gstRate: 18,
  hsn: '',
})

const createLine = (price: number, amountText: string, maxAmount = 20): CreateLine => ({
  ...lineAt(price),
  amountText,
  maxAmount,
})

const draftLine = (price: number, amount: number): DraftLine => ({ ...lineAt(price), amount })

describe('lineAmountLimit', () => {
  it('is 20, the pricing crate limit, or the stock when less', () => {
    expect(maxLineAmount()).toBe(amountOptions('product-page', 1).length)
    expect(lineAmountLimit(100)).toBe(20)
    expect(lineAmountLimit(20)).toBe(20)
    expect(lineAmountLimit(3)).toBe(3)
    expect(lineAmountLimit(0)).toBe(0)
    expect(lineAmountLimit(-2)).toBe(0)
  })
})

describe('parseAmount', () => {
  it('takes whole numbers from 1 to the limit', () => {
    expect(parseAmount('1', 20)).toBe(1)
    expect(parseAmount(' 12 ', 20)).toBe(12)
    expect(parseAmount('3', 3)).toBe(3)
  })

  it('refuses blanks, zero, fractions, signs and amounts over the limit', () => {
    for (const text of ['', ' ', '0', '1.5', '-1', '+2', '1e1', 'two', '4']) {
      expect(parseAmount(text, 3), text).toBeNull()
    }
    expect(parseAmount('21', 20)).toBeNull()
  })
})

describe('parseDiscount', () => {
  it('reads blank as 0 and amounts with up to two decimals', () => {
    expect(parseDiscount('')).toBe(0)
    expect(parseDiscount('  ')).toBe(0)
    expect(parseDiscount('0')).toBe(0)
    expect(parseDiscount('150')).toBe(150)
    expect(parseDiscount('99.5')).toBe(99.5)
    expect(parseDiscount('99.50')).toBe(99.5)
    expect(parseDiscount('12.')).toBe(12)
    expect(parseDiscount('.25')).toBe(0.25)
  })

  it('refuses negatives, more than two decimals and anything not a plain amount', () => {
    for (const text of ['-1', '1.234', '0.001', '1e3', 'abc', '1,000', '.', '1234567890123']) {
      expect(parseDiscount(text), text).toBeNull()
    }
  })
})

describe('createTotals', () => {
  it('totals the lines through the pricing module, exact to the paisa', () => {
    const totals = createTotals([createLine(125.5, '2'), createLine(0.1, '3')], '31.2')
    expect(totals).toEqual({ subtotal: 251.3, discount: 31.2, total: 220.1, numItemsInCart: 5 })
  })

  it('never goes below zero', () => {
    expect(createTotals([createLine(80, '1')], '100').total).toBe(0)
  })

  it('counts a quantity or a discount that is not valid yet as 0, instead of failing', () => {
    expect(createTotals([createLine(80, ''), createLine(20, '2')], '1.234')).toEqual({
      subtotal: 40,
      discount: 0,
      total: 40,
      numItemsInCart: 2,
    })
    expect(createTotals([createLine(80, '5', 3)], '').subtotal).toBe(0)
    expect(createTotals([], '10')).toEqual({ subtotal: 0, discount: 10, total: 0, numItemsInCart: 0 })
  })
})

describe('draftTotals and lineTotal', () => {
  it('total the edit screen lines live', () => {
    expect(draftTotals([draftLine(449.5, 2), draftLine(60, 1)], '9.99')).toEqual({
      subtotal: 959,
      discount: 9.99,
      total: 949.01,
      numItemsInCart: 3,
    })
    expect(draftTotals([draftLine(10, 1)], '-5').discount).toBe(0)
  })

  it('multiply one line exactly', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3)
    expect(lineTotal(449.5, 2)).toBe(899)
  })
})

describe('lines from products', () => {
  it('start at quantity 1 and the current selling price', () => {
    expect(createLineFromProduct(cocoa)).toEqual({
      productId: 'p1',
      name: 'Cocoa powder',
      price: 449.5,
      image: '/uploads/cocoa.webp',
      gstRate: 18,
      hsn: '1805',
      amountText: '1',
      maxAmount: 7,
    })
    expect(draftLineFromProduct({ ...cocoa, image1: null })).toEqual({
      productId: 'p1',
      name: 'Cocoa powder',
      price: 449.5,
      image: '',
      gstRate: 18,
      hsn: '1805',
      amount: 1,
    })
  })
})

describe('line list helpers', () => {
  const lines = [draftLine(10, 1), draftLine(20, 2)]

  it('find, change and remove the line of a product', () => {
    expect(hasProduct(lines, 'p-20')).toBe(true)
    expect(hasProduct(lines, 'p-30')).toBe(false)
    expect(updateLine(lines, 'p-20', (line) => ({ ...line, amount: 5 }))).toEqual([lines[0], { ...lines[1], amount: 5 }])
    expect(removeLine(lines, 'p-10')).toEqual([lines[1]])
    expect(lines).toHaveLength(2)
  })

  it('pick the server message about a line', () => {
    const errors = { 'cartItems[1].amount': 'amount must be from 1 to 20', 'cartItems[0].productId': 'is not a product id' }
    expect(lineFieldError(errors, 1)).toBe('amount must be from 1 to 20')
    expect(lineFieldError(errors, 0)).toBe('is not a product id')
    expect(lineFieldError(errors, 2)).toBeUndefined()
  })
})
