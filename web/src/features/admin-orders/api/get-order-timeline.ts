import { useQuery } from '@tanstack/react-query'

import { orderKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'

/** GET /orders/{id}/timeline: what happened to the order, oldest first; 404 when there is none. */
export function getOrderTimeline(id: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/orders/{id}/timeline', { params: { path: { id } }, signal })
}

/**
 * An order's timeline. Saving the order invalidates it (it is under orderKeys.all); mails are
 * sent in the background, so it is also refetched whenever it is opened.
 */
export function useOrderTimeline(id: string) {
  return useQuery({
    queryKey: orderKeys.timeline(id),
    queryFn: ({ signal }) => getOrderTimeline(id, signal),
    select: (answer) => answer.data,
    refetchOnMount: 'always',
  })
}
