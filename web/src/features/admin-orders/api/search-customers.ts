import { useQuery } from '@tanstack/react-query'

import { pickerKeys } from '@/features/admin-orders/api/order-keys'
import type { CustomerOption } from '@/features/admin-orders/types'
import { apiFetch } from '@/lib/api-client'

/** Search answers carry no paging: at most 20 customers. */
export type SearchCustomersResponse = { data: CustomerOption[] }

type SearchCustomersParams = { q: string; token: string | undefined; signal?: AbortSignal }

/** GET /users/search?q=: up to 20 customers whose name, e-mail, mobile or company contains q. */
export function searchCustomers({ q, token, signal }: SearchCustomersParams) {
  return apiFetch<SearchCustomersResponse>(`/users/search?${new URLSearchParams({ q })}`, { token, signal })
}

/** Customers matching a non-blank q, for the create screen's customer picker; idle for a blank one. */
export function useSearchCustomers(q: string, token: string | undefined) {
  return useQuery({
    queryKey: pickerKeys.customerSearch(q),
    queryFn: ({ signal }) => searchCustomers({ q, token, signal }),
    enabled: q !== '' && token !== undefined,
  })
}
