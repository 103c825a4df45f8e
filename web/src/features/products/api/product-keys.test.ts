import { describe, expect, it } from 'vitest'

import { productKeys } from '@/features/products/api/product-keys'

describe('productKeys', () => {
  it('keys a listing by its exact request query, and a product by its id', () => {
    const request = { order: 'a-z', price: '100' }
    expect(productKeys.list(request)).toEqual(['products', 'list', request])
    expect(productKeys.list({})).not.toEqual(productKeys.featured())
    expect(productKeys.detail('p1')).toEqual(['products', 'detail', 'p1'])
  })

  it('nests every key under the feature key', () => {
    const keys = [productKeys.lists(), productKeys.list({ page: '2' }), productKeys.featured(), productKeys.detail('p1')]
    for (const key of keys) {
      expect(key.slice(0, productKeys.all.length)).toEqual([...productKeys.all])
    }
  })
})
