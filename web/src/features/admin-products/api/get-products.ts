import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { PRODUCTS_PAGE_SIZE, productKeys } from '@/features/admin-products/api/product-keys'
import { adminApi } from '@/lib/api-client'

/** GET /products: one page of products. Its meta also lists categories and companies, unused here. */
export function getProducts(page: number, signal?: AbortSignal) {
  const query = { page: String(page), limit: String(PRODUCTS_PAGE_SIZE) }
  return adminApi.GET('/api/v1/products', { params: { query }, signal })
}

/** One page of products, unless `enabled` is false (while a search is shown instead). */
export function useProducts(page: number, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.page(page),
    queryFn: ({ signal }) => getProducts(page, signal),
    enabled,
    placeholderData: keepPreviousData,
  })
}
