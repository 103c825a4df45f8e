import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { pickerKeys } from '@/features/admin-orders/api/order-keys'
import { searchProducts } from '@/lib/admin-search'

/**
 * Products matching a non-blank q, for the order screens' product picker; idle for a blank one.
 * While the next search runs (as the admin types) the last results stay on screen.
 */
export function useSearchProducts(q: string) {
  return useQuery({
    queryKey: pickerKeys.productSearch(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  })
}
