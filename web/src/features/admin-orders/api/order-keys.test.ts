import { describe, expect, it } from 'vitest'

import { orderKeys, pickerKeys } from '@/features/admin-orders/api/order-keys'

describe('orderKeys', () => {
  it('names the page, its size, its filters and the detail id', () => {
    expect(orderKeys.page({ page: 3, q: '' })).toEqual(['orders', 'admin', 'list', { page: 3, q: '', limit: 10 }])
    expect(orderKeys.page({ page: 1, q: 'ord1', status: 'paid' })).toEqual([
      'orders',
      'admin',
      'list',
      { page: 1, q: 'ord1', status: 'paid', limit: 10 },
    ])
    expect(orderKeys.detail('o1')).toEqual(['orders', 'admin', 'detail', 'o1'])
    expect(orderKeys.timeline('o1')).toEqual(['orders', 'admin', 'timeline', 'o1'])
  })

  it('nests every key under the feature key that writes invalidate', () => {
    const keys = [orderKeys.lists(), orderKeys.page({ page: 1, q: '' }), orderKeys.detail('o1'), orderKeys.timeline('o1')]
    for (const key of keys) {
      expect(key.slice(0, orderKeys.all.length)).toEqual(['orders'])
    }
  })
})

describe('pickerKeys', () => {
  it('keeps product pickers under products and the customer search under users', () => {
    expect(pickerKeys.productSearch('cocoa')).toEqual(['products', 'order-picker', { q: 'cocoa' }])
    expect(pickerKeys.lineStock('p1')).toEqual(['products', 'order-picker', 'stock', 'p1'])
    expect(pickerKeys.lineStock('p1').slice(0, 2)).toEqual(pickerKeys.products)
    expect(pickerKeys.customerSearch('asha')).toEqual(['users', 'order-picker', { q: 'asha' }])
  })
})
