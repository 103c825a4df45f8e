import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/products/api/product-keys'
import type { ListingRequest } from '@/features/products/listing-search'
import { publicApi } from '@/lib/api-client'

/**
 * GET /products with the listing's request (see `listingRequest`): search, category, company,
 * order, price, page. 400 for a bad value.
 */
export function getProducts(request: ListingRequest, signal?: AbortSignal) {
  return publicApi.GET('/api/v1/products', { params: { query: request }, signal })
}

/** One listing page; the previous results stay on screen while the next ones load. */
export function useProducts(request: ListingRequest) {
  return useQuery({
    queryKey: productKeys.list(request),
    queryFn: ({ signal }) => getProducts(request, signal),
    placeholderData: keepPreviousData,
  })
}
