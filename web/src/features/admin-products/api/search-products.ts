import { useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import type { Product } from '@/features/admin-products/types'
import { apiFetch } from '@/lib/api-client'

/** Search answers carry no paging: at most 20 products. */
export type SearchProductsResponse = { data: Product[] }

type SearchProductsParams = { q: string; token: string | undefined; signal?: AbortSignal }

/** GET /products/search?q=: up to 20 products whose title or company contains q. */
export function searchProducts({ q, token, signal }: SearchProductsParams) {
  return apiFetch<SearchProductsResponse>(`/products/search?${new URLSearchParams({ q })}`, { token, signal })
}

/** Search results for a non-blank q; idle for a blank one. */
export function useSearchProducts(q: string, token: string | undefined) {
  return useQuery({
    queryKey: productKeys.search(q),
    queryFn: ({ signal }) => searchProducts({ q, token, signal }),
    enabled: q !== '' && token !== undefined,
  })
}
