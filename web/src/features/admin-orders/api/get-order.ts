import { useQuery } from '@tanstack/react-query'

import { orderKeys } from '@/features/admin-orders/api/order-keys'
import type { Order } from '@/features/admin-orders/types'
import { apiFetch } from '@/lib/api-client'

export type OrderResponse = { order: Order }

/** GET /orders/{id}: one order; 404 when there is none. */
export function getOrder(id: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<OrderResponse>(`/orders/${encodeURIComponent(id)}`, { token, signal })
}

export function useOrder(id: string, token: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, token, signal),
    enabled: token !== undefined,
  })
}
