import { useQuery } from '@tanstack/react-query'

import { pickerKeys } from '@/features/admin-orders/api/order-keys'
import type { ProductOption } from '@/features/admin-orders/types'
import { apiFetch } from '@/lib/api-client'

/** Search answers carry no paging: at most 20 products. */
export type SearchProductsResponse = { data: ProductOption[] }

type SearchProductsParams = { q: string; token: string | undefined; signal?: AbortSignal }

/** GET /products/search?q=: up to 20 products whose title or company contains q. */
export function searchProducts({ q, token, signal }: SearchProductsParams) {
  return apiFetch<SearchProductsResponse>(`/products/search?${new URLSearchParams({ q })}`, { token, signal })
}

/** Products matching a non-blank q, for the create screen's product picker; idle for a blank one. */
export function useSearchProducts(q: string, token: string | undefined) {
  return useQuery({
    queryKey: pickerKeys.productSearch(q),
    queryFn: ({ signal }) => searchProducts({ q, token, signal }),
    enabled: q !== '' && token !== undefined,
  })
}
