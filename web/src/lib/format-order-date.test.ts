import { describe, expect, it } from 'vitest'

import { formatOrderDate, formatOrderDay, ordinal } from '@/lib/format-order-date'

describe('ordinal', () => {
  it('gives st, nd, rd and th as English does', () => {
    expect([1, 2, 3, 4, 10].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '10th'])
    expect([11, 12, 13, 14].map(ordinal)).toEqual(['11th', '12th', '13th', '14th'])
    expect([21, 22, 23, 24, 30, 31].map(ordinal)).toEqual(['21st', '22nd', '23rd', '24th', '30th', '31st'])
  })
})

describe('formatOrderDate', () => {
  // Dates built from local parts, so the expectations hold in any time zone.
  it("reads 'hh:mm a - MMM Do, YYYY'", () => {
    expect(formatOrderDate(new Date(2026, 10, 23, 15, 5))).toBe('03:05 pm - Nov 23rd, 2026')
    expect(formatOrderDate(new Date(2025, 0, 1, 9, 30))).toBe('09:30 am - Jan 1st, 2025')
    expect(formatOrderDate(new Date(2024, 1, 12, 23, 59))).toBe('11:59 pm - Feb 12th, 2024')
  })

  it('writes midnight and noon as 12', () => {
    expect(formatOrderDate(new Date(2026, 4, 2, 0, 0))).toBe('12:00 am - May 2nd, 2026')
    expect(formatOrderDate(new Date(2026, 4, 2, 12, 7))).toBe('12:07 pm - May 2nd, 2026')
  })

  it('reads the RFC 3339 text the API sends, in local time', () => {
    const local = new Date(2026, 10, 23, 15, 5, 42)
    expect(formatOrderDate(local.toISOString())).toBe('03:05 pm - Nov 23rd, 2026')
  })

  it('gives back text that is not a date unchanged', () => {
    expect(formatOrderDate('not a date')).toBe('not a date')
    expect(formatOrderDate('')).toBe('')
  })
})

describe('formatOrderDay', () => {
  it("reads 'MMM Do, YYYY' for an invoice date", () => {
    expect(formatOrderDay(new Date(2026, 10, 23, 15, 5))).toBe('Nov 23rd, 2026')
    expect(formatOrderDay(new Date(2026, 10, 23, 15, 5).toISOString())).toBe('Nov 23rd, 2026')
    expect(formatOrderDay('soon')).toBe('soon')
  })
})
