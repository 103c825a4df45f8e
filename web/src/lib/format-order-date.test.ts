import { describe, expect, it } from 'vitest'

import { formatIndiaTime, formatOrderDate, formatOrderDay, ordinal } from '@/lib/format-order-date'

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

describe('formatIndiaTime', () => {
  it('writes the moment in India time (UTC+05:30), en-IN order, with the zone named', () => {
    expect(formatIndiaTime('2026-11-25T06:00:00Z')).toBe('25 Nov 2026, 11:30 am IST')
    expect(formatIndiaTime('2026-11-25T06:45:09.123Z')).toBe('25 Nov 2026, 12:15 pm IST')
  })

  it('moves to the next India day after 18:30 UTC, and writes midnight as 12 am', () => {
    expect(formatIndiaTime('2026-12-31T18:30:00Z')).toBe('1 Jan 2027, 12:00 am IST')
    expect(formatIndiaTime('2026-12-31T18:29:00Z')).toBe('31 Dec 2026, 11:59 pm IST')
  })

  it('reads an offset as the moment it names', () => {
    expect(formatIndiaTime('2026-11-25T11:30:00+05:30')).toBe('25 Nov 2026, 11:30 am IST')
    expect(formatIndiaTime(new Date(Date.UTC(2026, 0, 5, 3, 4)))).toBe('5 Jan 2026, 8:34 am IST')
  })

  it('gives back text that is not a date', () => {
    expect(formatIndiaTime('soon')).toBe('soon')
  })
})
