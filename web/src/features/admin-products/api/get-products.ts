import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { PRODUCTS_PAGE_SIZE, productKeys } from '@/features/admin-products/api/product-keys'
import type { Product } from '@/features/admin-products/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetProductsParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /products: one page of products. Its meta also lists categories and companies, unused here. */
export function getProducts({ page, token, signal }: GetProductsParams) {
  const params = new URLSearchParams({ page: String(page), limit: String(PRODUCTS_PAGE_SIZE) })
  return apiFetch<ListResponse<Product>>(`/products?${params}`, { token, signal })
}

/** One page of products, unless `enabled` is false (while a search is shown instead). */
export function useProducts(page: number, token: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.page(page),
    queryFn: ({ signal }) => getProducts({ page, token, signal }),
    enabled: enabled && token !== undefined,
    placeholderData: keepPreviousData,
  })
}
