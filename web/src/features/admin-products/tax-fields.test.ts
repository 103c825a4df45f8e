import { describe, expect, it } from 'vitest'

import { gstRateLabel, gstRateOptions, hsnProblem } from '@/features/admin-products/tax-fields'

describe('hsnProblem', () => {
  it('takes 4 to 8 digits, or nothing', () => {
    expect(hsnProblem('')).toBeNull()
    expect(hsnProblem(' 1905 ')).toBeNull()
    expect(hsnProblem('19053100')).toBeNull()
  })

  it('refuses anything else', () => {
    for (const text of ['190', '190531001', '19A5', '19 05']) {
      expect(hsnProblem(text)).toBe('Enter 4 to 8 digits, or leave it empty')
    }
  })
})

describe('gstRateOptions', () => {
  it('offers the slabs, and keeps a rate they no longer list', () => {
    expect(gstRateOptions([0, 5, 12, 18, 28], 18)).toEqual([0, 5, 12, 18, 28])
    expect(gstRateOptions([0, 5, 18, 40], 12)).toEqual([0, 5, 12, 18, 40])
    expect(gstRateOptions([0, 5, 18], undefined)).toEqual([0, 5, 18])
  })

  it('labels a rate with a percent sign', () => {
    expect(gstRateLabel(18)).toBe('18%')
    expect(gstRateLabel(0.25)).toBe('0.25%')
  })
})
