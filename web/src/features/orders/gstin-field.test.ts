import { describe, expect, it } from 'vitest'

import { gstinInput, gstinMessage } from '@/features/orders/gstin-field'

describe('gstinMessage', () => {
  it('says nothing for an empty field: a GSTIN is optional', () => {
    expect(gstinMessage('', true)).toBeUndefined()
    expect(gstinMessage('   ', true)).toBeUndefined()
  })

  it('says nothing for a valid GSTIN, in any case or with spaces', () => {
    expect(gstinMessage('27AAPFU0939F1ZV', true)).toBeUndefined()
    expect(gstinMessage('27aapfu0939f1zv', false)).toBeUndefined()
    expect(gstinMessage('27AAPFU0939F1ZV ', false)).toBeUndefined()
  })

  it('stays quiet while the first 15 characters are typed, until the field is left', () => {
    expect(gstinMessage('27AAPFU', false)).toBeUndefined()
    expect(gstinMessage('27AAPFU', true)).toBe('A GSTIN has 15 characters')
  })

  it('says what is wrong once 15 characters are there', () => {
    expect(gstinMessage('27AAPFU0939F1ZX', false)).toBe(
      "This GSTIN's check character is wrong; please check it for typing mistakes",
    )
    expect(gstinMessage('99AAPFU0939F1ZV', false)).toBe('A GSTIN starts with a state code such as 27')
    expect(gstinMessage('27AAPF10939F1ZV', false)).toBe('Characters 3 to 12 of a GSTIN are a PAN, such as AAPFU0939F')
    expect(gstinMessage('27AAPFU0939F1ZVX', false)).toBe('A GSTIN has 15 characters')
  })
})

describe('gstinInput', () => {
  it('writes what is typed in capitals', () => {
    expect(gstinInput('27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV')
  })
})
