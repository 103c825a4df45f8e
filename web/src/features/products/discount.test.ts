import { describe, expect, it } from 'vitest'

import { discountPercent } from '@/features/products/discount'

describe('discountPercent', () => {
  it('rounds the saving down to a whole percent', () => {
    expect(discountPercent(1199, 899)).toBe(25)
    expect(discountPercent(1499.5, 1249)).toBe(16)
    expect(discountPercent(129, 99.5)).toBe(22)
  })

  it('keeps an exact percent exact, where floating point would fall just below it', () => {
    expect(discountPercent(100, 70)).toBe(30)
    expect(discountPercent(0.3, 0.21)).toBe(30)
    expect(discountPercent(1000, 990)).toBe(1)
  })

  it('is 0 when the selling price is the MRP or above it', () => {
    expect(discountPercent(500, 500)).toBe(0)
    expect(discountPercent(500, 650)).toBe(0)
  })

  it('is 0 for a saving under one percent and for an MRP of nothing', () => {
    expect(discountPercent(1000, 999)).toBe(0)
    expect(discountPercent(0, 0)).toBe(0)
  })
})
