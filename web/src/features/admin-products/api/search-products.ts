import { useQuery } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { searchProducts } from '@/lib/admin-search'

/** Search results for a non-blank q; idle for a blank one. */
export function useSearchProducts(q: string) {
  return useQuery({
    queryKey: productKeys.search(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled: q !== '',
  })
}
