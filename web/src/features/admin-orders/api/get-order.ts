import { useQuery } from '@tanstack/react-query'

import { orderKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'

/** GET /orders/{id}: one order; 404 when there is none. */
export function getOrder(id: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/orders/{id}', { params: { path: { id } }, signal })
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  })
}
