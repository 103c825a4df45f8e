import { describe, expect, it } from 'vitest'

import { capitalize } from '@/lib/text'

describe('capitalize', () => {
  it('starts a message from the pricing crate with a capital', () => {
    expect(capitalize('this coupon needs a subtotal of at least ₹500.00')).toBe(
      'This coupon needs a subtotal of at least ₹500.00',
    )
    expect(capitalize('')).toBe('')
  })
})
