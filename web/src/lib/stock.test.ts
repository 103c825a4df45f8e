import { describe, expect, it } from 'vitest'

import { LOW_STOCK_THRESHOLD, lowStockText } from '@/lib/stock'

describe('lowStockText', () => {
  it('says how few are left at or below the threshold', () => {
    expect(lowStockText(1)).toBe('Only 1 left')
    expect(lowStockText(2)).toBe('Only 2 left')
    expect(lowStockText(LOW_STOCK_THRESHOLD)).toBe(`Only ${LOW_STOCK_THRESHOLD} left`)
  })

  it('says nothing with plenty left or none at all', () => {
    expect(lowStockText(LOW_STOCK_THRESHOLD + 1)).toBeNull()
    expect(lowStockText(0)).toBeNull()
  })
})
