import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/products/api/product-keys'
import type { ProductsResponse } from '@/features/products/types'
import { apiFetch } from '@/lib/api-client'

/**
 * GET /products with the listing's query string as it is (see `listingRequestQuery`): search,
 * category, company, order, price, page. 400 `validation` for a bad value.
 */
export function getProducts(query: string, signal?: AbortSignal) {
  return apiFetch<ProductsResponse>(query === '' ? '/products' : `/products?${query}`, { signal })
}

/** One listing page; the previous results stay on screen while the next ones load. */
export function useProducts(query: string) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    placeholderData: keepPreviousData,
  })
}
