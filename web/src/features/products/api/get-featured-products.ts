import { useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/products/api/product-keys'
import { publicApi } from '@/lib/api-client'

/** GET /products?featured=true: the products the shop features on the home page. */
export function getFeaturedProducts(signal?: AbortSignal) {
  return publicApi.GET('/api/v1/products', { params: { query: { featured: 'true' } }, signal })
}

export function useFeaturedProducts() {
  return useQuery({
    queryKey: productKeys.featured(),
    queryFn: ({ signal }) => getFeaturedProducts(signal),
  })
}
