import { describe, expect, it } from 'vitest'

import { couponKeys } from '@/features/coupons/api/coupon-keys'

describe('couponKeys', () => {
  it('names the page and its limit, and the detail code', () => {
    expect(couponKeys.page(2)).toEqual(['coupons', 'admin', 'list', { page: 2, limit: 10 }])
    expect(couponKeys.detail('DIWALI10')).toEqual(['coupons', 'admin', 'detail', 'DIWALI10'])
  })

  it('nests every key under the feature key that writes invalidate', () => {
    for (const key of [couponKeys.lists(), couponKeys.page(1), couponKeys.detail('X')]) {
      expect(key.slice(0, couponKeys.all.length)).toEqual([...couponKeys.all])
    }
  })
})
