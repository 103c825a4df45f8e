import { describe, expect, it } from 'vitest'

import {
  hasProduct,
  lineAmount,
  lineAmountLimit,
  lineFieldError,
  lineFromOrderItem,
  lineFromProduct,
  linesTotals,
  lineTotal,
  maxLineAmount,
  parseAmount,
  parseDiscount,
  removeLine,
  savedLineLimit,
  updateLine,
  withStockLimits,
} from '@/features/admin-orders/order-lines'
import type { DraftLine, ProductOption } from '@/features/admin-orders/types'
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

const line = (price: number, amountText: string, maxAmount = 20): DraftLine => ({
  productId: `p-${price}`,
  name: `Item ${price}`,
  price,
  image: '',
  gstRate: 18,
  hsn: '',
  amountText,
  maxAmount,
})

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

describe('linesTotals and lineTotal', () => {
  it('total the lines through the pricing module, exact to the paisa', () => {
    const totals = linesTotals([line(125.5, '2'), line(0.1, '3')], '31.2')
    expect(totals).toEqual({ subtotal: 251.3, discount: 31.2, total: 220.1, numItemsInCart: 5 })
    expect(linesTotals([line(449.5, '2'), line(60, '1')], '9.99')).toEqual({
      subtotal: 959,
      discount: 9.99,
      total: 949.01,
      numItemsInCart: 3,
    })
  })

  it('never go below zero', () => {
    expect(linesTotals([line(80, '1')], '100').total).toBe(0)
  })

  it('count a quantity or a discount that is not valid yet as 0, instead of failing', () => {
    expect(linesTotals([line(80, ''), line(20, '2')], '1.234')).toEqual({
      subtotal: 40,
      discount: 0,
      total: 40,
      numItemsInCart: 2,
    })
    expect(linesTotals([line(80, '5', 3)], '').subtotal).toBe(0)
    expect(linesTotals([line(10, '1')], '-5').discount).toBe(0)
    expect(linesTotals([], '10')).toEqual({ subtotal: 0, discount: 10, total: 0, numItemsInCart: 0 })
  })

  it('multiply one line exactly', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3)
    expect(lineTotal(449.5, 2)).toBe(899)
  })
})

describe('a line amount', () => {
  it('is the typed quantity from 1 to the line limit, else null', () => {
    expect(lineAmount(line(10, ' 3 ', 3))).toBe(3)
    expect(lineAmount(line(10, '4', 3))).toBeNull()
    expect(lineAmount(line(10, '0'))).toBeNull()
    expect(lineAmount(line(10, '2.5'))).toBeNull()
  })
})

describe('new lines, on either screen', () => {
  it('start at quantity 1 and the current selling price, up to the stock', () => {
    expect(lineFromProduct(cocoa)).toEqual({
      productId: 'p1',
      name: 'Cocoa powder',
      price: 449.5,
      image: '/uploads/cocoa.webp',
      gstRate: 18,
      hsn: '1805',
      amountText: '1',
      maxAmount: 7,
    })
    expect(lineFromProduct({ ...cocoa, image1: null, stock: 500 })).toMatchObject({ image: '', maxAmount: 20 })
  })
})

describe('lines an order already has, on the edit screen', () => {
  const item = {
    productId: 'p1',
    name: 'Cocoa powder',
    price: 400,
    image: '/uploads/cocoa.webp',
    gstRate: 18,
    hsn: '1805',
    amount: 2,
    cgst: 30.51,
  }

  it('keep their price and amount, and go up to the amount plus 5 while the stock is not known', () => {
    expect(lineFromOrderItem(item)).toEqual({
      productId: 'p1',
      name: 'Cocoa powder',
      price: 400,
      image: '/uploads/cocoa.webp',
      gstRate: 18,
      hsn: '1805',
      amountText: '2',
      maxAmount: 7,
      savedAmount: 2,
    })
    expect(savedLineLimit(2, undefined, true)).toBe(amountOptions('admin-order-item', 2).length)
    expect(savedLineLimit(18, undefined, true)).toBe(20)
  })

  it('stay within the stock left plus what the order holds', () => {
    expect(savedLineLimit(2, 100, true)).toBe(7)
    expect(savedLineLimit(2, 3, true)).toBe(5)
    expect(savedLineLimit(2, 0, true)).toBe(2)
    // A cancelled order holds nothing: only the shelf counts.
    expect(savedLineLimit(2, 4, false)).toBe(4)
    // Never below the saved amount, so the order can always be saved as it is.
    expect(savedLineLimit(3, 0, false)).toBe(3)
    expect(lineFromOrderItem(item, 1, true).maxAmount).toBe(3)
  })

  it('get their limits again once the stock is known; new lines keep theirs', () => {
    const saved = lineFromOrderItem(item)
    const added = lineFromProduct({ ...cocoa, _id: 'p2', stock: 4 })
    const limited = withStockLimits([saved, added], { p1: 1, p2: 0 }, true)
    expect(limited.map((each) => each.maxAmount)).toEqual([3, 4])
    expect(withStockLimits([saved], {}, true)[0]!.maxAmount).toBe(7)
  })
})

describe('line list helpers', () => {
  const lines = [line(10, '1'), line(20, '2')]

  it('find, change and remove the line of a product', () => {
    expect(hasProduct(lines, 'p-20')).toBe(true)
    expect(hasProduct(lines, 'p-30')).toBe(false)
    expect(updateLine(lines, 'p-20', (each) => ({ ...each, amountText: '5' }))).toEqual([
      lines[0],
      { ...lines[1], amountText: '5' },
    ])
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
