import { useQuery } from '@tanstack/react-query'

import { orderKeys } from '@/features/orders/api/order-keys'
import type { OrderResponse } from '@/features/orders/types'
import { apiFetch } from '@/lib/api-client'

/** GET /orders/{id}: one of the customer's orders; 404 `not_found` when missing or someone else's. */
export function getOrder(id: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<OrderResponse>(`/orders/${encodeURIComponent(id)}`, { token, signal })
}

export function useOrder(id: string, token: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, token, signal),
    enabled: token !== undefined && id !== '',
  })
}
