import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import { pageDataKey, seedPageData } from '@/app/page-data'
import { productKeys } from '@/features/products/api/product-keys'

describe('pageDataKey', () => {
  it('names the queries of the answers the server embeds', () => {
    expect(pageDataKey('/api/v1/products/p%201')).toEqual(productKeys.detail('p 1'))
    expect(pageDataKey('/api/v1/products')).toEqual(productKeys.list({}))
    expect(pageDataKey('/api/v1/products?featured=true')).toEqual(productKeys.featured())
  })

  it('names none for other answers, which it would not know the query of', () => {
    expect(pageDataKey('/api/v1/products?page=2')).toBeUndefined()
    expect(pageDataKey('/api/v1/products/p1?x=1')).toBeUndefined()
    expect(pageDataKey('/api/v1/orders')).toBeUndefined()
    expect(pageDataKey('/api/v1/products/p1/images')).toBeUndefined()
  })
})

describe('seedPageData', () => {
  it('puts the embedded answer in the cache under its query', () => {
    const client = new QueryClient()
    const body = { product: { _id: 'p1', title: 'Rye </script> flour' } }
    seedPageData(client, JSON.stringify({ api: '/api/v1/products/p1', body }))
    expect(client.getQueryData(productKeys.detail('p1'))).toEqual(body)
  })

  it('leaves the cache empty when the page has no answer, or one it cannot read', () => {
    for (const text of [undefined, null, '', '{not json', '{"api":"/api/v1/products/%E0%A4%A","body":{}}', JSON.stringify({ api: '/api/v1/orders', body: {} }), '{"api":"/api/v1/products"}']) {
      const client = new QueryClient()
      seedPageData(client, text)
      expect(client.getQueryCache().getAll()).toHaveLength(0)
    }
  })
})
