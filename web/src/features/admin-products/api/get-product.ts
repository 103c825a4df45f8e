import { useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import type { Product } from '@/features/admin-products/types'
import { apiFetch } from '@/lib/api-client'

export type ProductResponse = { product: Product }

/** GET /products/{id}: one product; 404 when there is none. */
export function getProduct(id: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<ProductResponse>(`/products/${encodeURIComponent(id)}`, { token, signal })
}

export function useProduct(id: string, token: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, token, signal),
    enabled: token !== undefined,
  })
}
