import { describe, expect, it } from 'vitest'

import {
  createTaxSummary,
  draftTaxSummary,
  findRegion,
  orderCouponDiscount,
  orderPlace,
  regionsByName,
  supplyText,
  taxHeads,
} from '@/features/admin-orders/order-tax'
import type { DraftLine } from '@/features/admin-orders/types'
import type { OrderCoupon } from '@/lib/api-schemas'

const line = (price: number, amount: number, gstRate: number): DraftLine => ({
  productId: `p-${price}`,
  name: `Item ${price}`,
  price,
  image: '',
  gstRate,
  hsn: '',
  amountText: String(amount),
  maxAmount: 20,
})

const noDelivery = { fee: 0, freeFrom: null, gstRate: 0, charge: 0, taxableValue: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0 }
const toMaharashtra = {
  state: 'Maharashtra',
  placeOfSupply: { state: 'Maharashtra', code: 27 },
  coupon: null,
  delivery: noDelivery,
}
const karnataka = { state: 'Karnataka', delivery: { fee: 0, freeFrom: null, gstRate: 0 } }
const tenOffAboveThousand: OrderCoupon = { code: 'BAKE10', kind: 'percent', value: 10, minSubtotal: 1000, maxDiscount: 150 }

describe('regions', () => {
  it('lists the 36 states and union territories by name, and finds one ignoring case', () => {
    const names = regionsByName().map((region) => region.name)
    expect(names).toHaveLength(36)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN')))
    expect(findRegion(' maharashtra ')).toMatchObject({ name: 'Maharashtra', code: 27 })
    expect(findRegion('Bombay')).toBeUndefined()
    expect(findRegion('')).toBeUndefined()
  })

  it('takes the place of supply an order stored, else its state when that is one', () => {
    expect(orderPlace({ state: 'x', placeOfSupply: { state: 'Goa', code: 30 } })).toEqual({ state: 'Goa', code: 30 })
    expect(orderPlace({ state: 'karnataka', placeOfSupply: null })).toEqual({ state: 'Karnataka', code: 29 })
    expect(orderPlace({ state: 'Nowhere' })).toBeNull()
  })
})

describe('draftTaxSummary', () => {
  it('charges IGST on a sale to another state', () => {
    const { taxed, supply } = draftTaxSummary([line(500, 1, 18)], '0', toMaharashtra, 'Karnataka')
    expect(supply).toBe('inter-state')
    expect(taxed).toMatchObject({ subtotal: 500, total: 500, taxableValue: 423.73, igst: 76.27, cgst: 0, sgst: 0 })
    expect(taxHeads(supply!)).toEqual(['igst'])
  })

  it('splits CGST and SGST within the shop state, after the discount, line by line at each rate', () => {
    const lines = [line(249.5, 2, 18), line(120, 1, 5)]
    const order = { state: 'Karnataka', placeOfSupply: null, coupon: null, delivery: noDelivery }
    const { taxed, supply } = draftTaxSummary(lines, '19', order, 'Karnataka')
    expect(supply).toBe('intra-state')
    expect(taxed.subtotal).toBe(619)
    expect(taxed.discount).toBe(19)
    expect(taxed.total).toBe(600)
    expect(taxed.igst).toBe(0)
    expect(taxed.cgst).toBe(taxed.sgst)
    const [first, second] = taxed.lines
    expect(first!.discount + second!.discount).toBeCloseTo(19, 2)
    expect(first!.discount).toBeGreaterThan(second!.discount)
    expect(taxHeads(supply!)).toEqual(['cgst', 'sgst'])
  })

  it('prices the coupon again by its stored terms: capped above the minimum, nothing below it', () => {
    const order = { ...toMaharashtra, coupon: tenOffAboveThousand }
    const above = draftTaxSummary([line(600, 3, 18)], '', order, 'Karnataka')
    expect(above.taxed).toMatchObject({ subtotal: 1800, couponDiscount: 150, total: 1650 })
    expect(above.couponBelowMinimum).toBe(false)
    const below = draftTaxSummary([line(600, 1, 18)], '50', order, 'Karnataka')
    expect(below.taxed).toMatchObject({ subtotal: 600, couponDiscount: 0, discount: 50, total: 550 })
    expect(below.couponBelowMinimum).toBe(true)
    expect(orderCouponDiscount({ ...tenOffAboveThousand, kind: 'flat', value: 100 }, 1000)).toBe(100)
  })

  it('prices delivery with the terms the order was placed with: charged below the threshold, free from it', () => {
    const order = { ...toMaharashtra, delivery: { ...noDelivery, fee: 49, freeFrom: 499, gstRate: 18 } }
    const below = draftTaxSummary([line(300, 1, 5)], '', order, 'Karnataka')
    expect(below.taxed).toMatchObject({ goodsTotal: 300, total: 349 })
    expect(below.taxed.delivery).toMatchObject({ charge: 49, shortOfFree: 199, igst: 7.47 })
    const free = draftTaxSummary([line(300, 2, 5)], '', order, 'Karnataka')
    expect(free.taxed).toMatchObject({ total: 600, delivery: { charge: 0, shortOfFree: null } })
  })

  it('counts a discount that is not valid as 0, and leaves the split unknown without the shop state', () => {
    const summary = draftTaxSummary([line(100, 1, 12)], '1.005', toMaharashtra, undefined)
    expect(summary.supply).toBeNull()
    expect(summary.taxed).toMatchObject({ discount: 0, total: 100 })
  })

  it('counts a quantity over the line limit or not a whole number as 0, like the create screen', () => {
    const over = { ...line(100, 1, 12), amountText: '7', maxAmount: 6 }
    const typing = { ...line(50, 1, 12), amountText: '' }
    const summary = draftTaxSummary([over, typing, line(10, 2, 12)], '0', toMaharashtra, 'Karnataka')
    expect(summary.taxed).toMatchObject({ subtotal: 20, numItemsInCart: 2 })
  })
})

describe('createTaxSummary', () => {
  const createLine = (amountText: string): DraftLine => ({
    productId: 'p1',
    name: 'Cocoa',
    price: 500,
    image: '',
    gstRate: 18,
    hsn: '1805',
    amountText,
    maxAmount: 5,
  })

  it('follows the chosen state: unknown until one is chosen, IGST to another one, CGST + SGST within the shop state', () => {
    expect(createTaxSummary([createLine('1')], '', '', karnataka).supply).toBeNull()
    const chandigarh = createTaxSummary([createLine('2')], '0', 'Chandigarh', karnataka)
    expect(chandigarh.supply).toBe('inter-state')
    const summary = createTaxSummary([createLine('2')], '0', 'Karnataka', karnataka)
    expect(summary.taxed).toMatchObject({ subtotal: 1000, numItemsInCart: 2, cgst: 76.27, sgst: 76.27, taxableValue: 847.46 })
    expect(createTaxSummary([createLine('9')], '0', 'Karnataka', karnataka).taxed.subtotal).toBe(0)
  })

  it('names the taxes of each supply', () => {
    expect(taxHeads('intra-territory')).toEqual(['cgst', 'utgst'])
    expect(supplyText('intra-territory')).toBe('Within the territory: CGST + UTGST')
  })
})
