import { describe, expect, it } from 'vitest'

import { mobileDigits, phoneMessage, pinCodeInput, pinCodeMessage } from '@/features/orders/contact-fields'

describe('pinCodeMessage', () => {
  it('takes six digits not starting with 0, spaces dropped', () => {
    expect(pinCodeInput(' 560 025 ')).toBe('560025')
    expect(pinCodeMessage('560 025')).toBeUndefined()
    expect(pinCodeMessage('')).toBe('Enter the 6-digit PIN code')
    for (const bad of ['56002', '5600251', '056002', '56002a']) expect(pinCodeMessage(bad), bad).toMatch(/6 digits/)
  })
})

describe('phoneMessage', () => {
  it('reads a mobile number with or without +91, 91 or 0 and separators', () => {
    for (const raw of ['9876543210', '+91 98765 43210', '919876543210', '098765-43210', '(98765) 43210']) {
      expect(mobileDigits(raw), raw).toBe('9876543210')
      expect(phoneMessage(raw), raw).toBeUndefined()
    }
  })

  it('refuses numbers that are not Indian mobiles', () => {
    expect(phoneMessage(' ')).toBe('Enter a phone number for the delivery')
    for (const bad of ['12345', '5876543210', '98765432101', '+1 9876543210']) expect(phoneMessage(bad), bad).toMatch(/10-digit/)
  })
})
