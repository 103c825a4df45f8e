import { describe, expect, it } from 'vitest'

import { categoryOptionsKey, productKeys } from '@/features/admin-products/api/product-keys'

describe('productKeys', () => {
  it('names the page and its limit, the search and the detail id', () => {
    expect(productKeys.page(2)).toEqual(['products', 'admin', 'list', { page: 2, limit: 10 }])
    expect(productKeys.search('cocoa')).toEqual(['products', 'admin', 'list', { q: 'cocoa' }])
    expect(productKeys.detail('p1')).toEqual(['products', 'admin', 'detail', 'p1'])
  })

  it('nests every key under the feature key that writes invalidate', () => {
    for (const key of [productKeys.lists(), productKeys.page(1), productKeys.search('a'), productKeys.detail('p1')]) {
      expect(key.slice(0, productKeys.all.length)).toEqual(['products'])
    }
  })

  it('keeps the category select under the categories key, which category writes invalidate', () => {
    expect(categoryOptionsKey).toEqual(['categories', 'list', { page: 1, limit: 1000 }])
  })
})
