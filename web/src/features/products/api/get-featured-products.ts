import { useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/products/api/product-keys'
import type { ProductsResponse } from '@/features/products/types'
import { apiFetch } from '@/lib/api-client'

/** GET /products?featured=true: the products the shop features on the home page. */
export function getFeaturedProducts(signal?: AbortSignal) {
  return apiFetch<ProductsResponse>('/products?featured=true', { signal })
}

export function useFeaturedProducts() {
  return useQuery({
    queryKey: productKeys.featured(),
    queryFn: ({ signal }) => getFeaturedProducts(signal),
  })
}
