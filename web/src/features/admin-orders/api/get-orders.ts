import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ORDERS_PAGE_SIZE, orderKeys, type OrdersQuery } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'

/**
 * GET /orders with an admin token: one page of every customer's orders, newest first, only those
 * matching `q` (order number, name, e-mail or company) and `status` when given.
 */
export function getOrders({ page, q, status }: OrdersQuery, signal?: AbortSignal) {
  const query = { page, limit: ORDERS_PAGE_SIZE, q: q || undefined, status }
  return adminApi.GET('/api/v1/orders', { params: { query }, signal })
}

/** One page of orders; the previous page stays on screen while the next loads. */
export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: orderKeys.page(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  })
}
