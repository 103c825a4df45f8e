import { describe, expect, it } from 'vitest'

import { regionName, stateNames } from '@/features/orders/regions'

describe('stateNames', () => {
  it("lists India's 36 states and union territories from A to Z", () => {
    const names = stateNames()
    expect(names).toHaveLength(36)
    expect(names[0]).toBe('Andaman and Nicobar Islands')
    expect(names).toContain('Karnataka')
    expect(names).toContain('Maharashtra')
    expect([...names].sort((a, b) => a.localeCompare(b, 'en-IN'))).toEqual(names)
  })
})

describe('regionName', () => {
  it('finds a state in any case by its proper name, and nothing else', () => {
    expect(regionName('maharashtra')).toBe('Maharashtra')
    expect(regionName(' DELHI ')).toBe('Delhi')
    expect(regionName('Mumbai')).toBeNull()
    expect(regionName('')).toBeNull()
  })
})
