import { useQuery } from '@tanstack/react-query'

import { pickerKeys } from '@/features/admin-orders/api/order-keys'
import { searchCustomers } from '@/lib/admin-search'

/** Customers matching a non-blank q, for the create screen's customer picker; idle for a blank one. */
export function useSearchCustomers(q: string) {
  return useQuery({
    queryKey: pickerKeys.customerSearch(q),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    enabled: q !== '',
  })
}
