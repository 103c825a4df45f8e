import type { QueryClient, QueryKey } from '@tanstack/react-query'

import { productKeys } from '@/features/products/api/product-keys'

/** The id of the element in which the server puts the API answer a landing page first shows. */
export const PAGE_DATA_ID = 'page-data'

/** What the server embeds (`page_data` in api/src/web/first_screen.rs): an API path and its answer. */
type PageData = { api: string; body: unknown }

/**
 * The query an API path answers, for the paths the server embeds: the home page's featured
 * products, the unfiltered listing and a product. Undefined for any other.
 */
export function pageDataKey(api: string): QueryKey | undefined {
  const url = new URL(api, 'http://localhost')
  const product = /^\/api\/v1\/products\/([^/]+)$/.exec(url.pathname)?.[1]
  if (product !== undefined) return url.search === '' ? productKeys.detail(decodeURIComponent(product)) : undefined
  if (url.pathname !== '/api/v1/products') return undefined
  if (url.search === '') return productKeys.list({})
  if (url.search === '?featured=true') return productKeys.featured()
  return undefined
}

/**
 * Puts the answer the server embedded in the page (`text`, the content of the #page-data element)
 * into the query cache, so the app's first render shows the page's data instead of placeholders
 * and asks for nothing. No or unreadable text changes nothing: the app then asks the API as usual.
 */
export function seedPageData(queryClient: QueryClient, text: string | null | undefined): void {
  if (!text) return
  try {
    const data = JSON.parse(text) as PageData
    const key = typeof data.api === 'string' ? pageDataKey(data.api) : undefined
    if (key && data.body !== undefined) queryClient.setQueryData(key, data.body)
  } catch {
    // Not what the server writes: the app asks the API instead.
  }
}
