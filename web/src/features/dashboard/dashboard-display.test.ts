import { describe, expect, it } from 'vitest'

import {
  axisInr,
  barPercent,
  changeText,
  daysSearch,
  formatCount,
  longDay,
  percentChange,
  periodIndexAfter,
  periodRange,
  readDays,
  shortDay,
  statusCounts,
} from '@/features/dashboard/dashboard-display'

describe('readDays', () => {
  it('reads 7, 30 or 90 from the URL and falls back to 30', () => {
    expect(readDays(new URLSearchParams('days=7'))).toBe(7)
    expect(readDays(new URLSearchParams('days=90'))).toBe(90)
    expect(readDays(new URLSearchParams(''))).toBe(30)
    for (const odd of ['days=14', 'days=abc', 'days=', 'days=7.0x', 'days=-7']) {
      expect(readDays(new URLSearchParams(odd))).toBe(30)
    }
  })

  it('keeps the other params when the period changes', () => {
    expect(daysSearch('?x=1&days=30', 7)).toBe('?x=1&days=7')
    expect(daysSearch('', 90)).toBe('?days=90')
  })
})

describe('periodIndexAfter', () => {
  it('moves with the arrows, wrapping around, and jumps with Home and End', () => {
    expect(periodIndexAfter('ArrowRight', 0)).toBe(1)
    expect(periodIndexAfter('ArrowDown', 2)).toBe(0)
    expect(periodIndexAfter('ArrowLeft', 0)).toBe(2)
    expect(periodIndexAfter('ArrowUp', 1)).toBe(0)
    expect(periodIndexAfter('Home', 2)).toBe(0)
    expect(periodIndexAfter('End', 0)).toBe(2)
    expect(periodIndexAfter('Enter', 1)).toBeNull()
  })
})

describe('percentChange', () => {
  it('is the change in percent of the previous figure', () => {
    expect(percentChange(112.5, 100)).toEqual({ direction: 'up', percent: 12.5 })
    expect(percentChange(50, 200)).toEqual({ direction: 'down', percent: -75 })
    expect(percentChange(0, 80)).toEqual({ direction: 'down', percent: -100 })
    expect(percentChange(7, 7)).toEqual({ direction: 'same', percent: 0 })
  })

  it('has no percent when the previous figure was 0', () => {
    expect(percentChange(500, 0)).toBeNull()
    expect(percentChange(0, 0)).toBeNull()
  })

  it('compares rupee amounts to the paisa, so float noise is no change', () => {
    expect(percentChange(0.3, 0.1 + 0.2)).toEqual({ direction: 'same', percent: 0 })
    expect(percentChange(100.01, 100)?.direction).toBe('up')
  })
})

describe('changeText', () => {
  it('signs the percent to one decimal and names the period', () => {
    expect(changeText(percentChange(112.5, 100), 30, 4, '')).toBe('+12.5% vs previous 30 days')
    expect(changeText(percentChange(11, 12), 7, 12, '')).toBe('-8.3% vs previous 7 days')
    expect(changeText(percentChange(300, 100), 90, 1, '')).toBe('+200% vs previous 90 days')
    expect(changeText(percentChange(1_234_600, 100), 30, 1, '')).toBe('+12,34,500% vs previous 30 days')
    expect(changeText(percentChange(5, 5), 30, 5, '')).toBe('No change vs previous 30 days')
    expect(changeText(percentChange(100_001, 100_000), 30, 5, '')).toBe('Slightly up vs previous 30 days')
    expect(changeText(percentChange(99_999, 100_000), 30, 5, '')).toBe('Slightly down vs previous 30 days')
  })

  it('says when the previous period had no orders, or nothing to compare with', () => {
    expect(changeText(percentChange(10, 0), 30, 0, 'unused')).toBe('No orders in the previous 30 days')
    expect(changeText(percentChange(10, 0), 7, 3, 'No revenue in the previous 7 days')).toBe(
      'No revenue in the previous 7 days',
    )
  })
})

describe('days', () => {
  it('writes API days short and long, without time zone shifts', () => {
    expect(shortDay('2026-11-25')).toBe('25 Nov')
    expect(shortDay('2026-01-01')).toBe('1 Jan')
    expect(longDay('2026-12-31')).toBe('31 Dec 2026')
  })

  it('writes the period once per year', () => {
    expect(periodRange('2026-10-27', '2026-11-25')).toBe('27 Oct – 25 Nov 2026')
    expect(periodRange('2025-12-27', '2026-01-25')).toBe('27 Dec 2025 – 25 Jan 2026')
  })
})

describe('numbers', () => {
  it('groups counts the Indian way', () => {
    expect(formatCount(123456)).toBe('1,23,456')
    expect(formatCount(0)).toBe('0')
  })

  it('shortens axis amounts into thousands, lakhs and crores', () => {
    expect(axisInr(0)).toBe('₹0')
    expect(axisInr(950)).toBe('₹950')
    expect(axisInr(12_000)).toBe('₹12K')
    expect(axisInr(150_000)).toBe('₹1.5L')
    expect(axisInr(12_500_000)).toBe('₹1.3Cr')
  })
})

describe('statusCounts', () => {
  it('lists every status in order, 0 for one the answer leaves out', () => {
    expect(statusCounts({ paid: 2, pending: 1, cancelled: 4 })).toEqual([
      { status: 'pending', count: 1 },
      { status: 'paid', count: 2 },
      { status: 'shipped', count: 0 },
      { status: 'delivered', count: 0 },
      { status: 'cancelled', count: 4 },
    ])
  })

  it('sizes bars against the largest, with a sliver for small non-zero counts', () => {
    expect(barPercent(5, 10)).toBe(50)
    expect(barPercent(10, 10)).toBe(100)
    expect(barPercent(1, 1000)).toBe(2)
    expect(barPercent(0, 10)).toBe(0)
    expect(barPercent(0, 0)).toBe(0)
  })
})
