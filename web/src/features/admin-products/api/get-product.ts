import { useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { adminApi } from '@/lib/api-client'

/** GET /products/{id}: one product; 404 when there is none. */
export function getProduct(id: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/products/{id}', { params: { path: { id } }, signal })
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  })
}
