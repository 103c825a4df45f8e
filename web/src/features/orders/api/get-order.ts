import { useQuery } from '@tanstack/react-query'

import { orderKeys } from '@/features/orders/api/order-keys'
import { customerApi } from '@/lib/api-client'

/** GET /orders/{id}: one of the customer's orders; 404 `not_found` when missing or someone else's. */
export function getOrder(id: string, signal?: AbortSignal) {
  return customerApi.GET('/api/v1/orders/{id}', { params: { path: { id } }, signal })
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: id !== '',
  })
}
