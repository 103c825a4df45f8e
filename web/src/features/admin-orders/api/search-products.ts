import { useQuery } from '@tanstack/react-query'

import { pickerKeys } from '@/features/admin-orders/api/order-keys'
import { searchProducts } from '@/lib/admin-search'

/** Products matching a non-blank q, for the create screen's product picker; idle for a blank one. */
export function useSearchProducts(q: string) {
  return useQuery({
    queryKey: pickerKeys.productSearch(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled: q !== '',
  })
}
