import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ORDERS_PAGE_SIZE, orderKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'

/** GET /orders with an admin token: one page of every customer's orders, newest first. */
export function getOrders(page: number, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/orders', { params: { query: { page, limit: ORDERS_PAGE_SIZE } }, signal })
}

/** One page of orders; the previous page stays on screen while the next loads. */
export function useOrders(page: number) {
  return useQuery({
    queryKey: orderKeys.page(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
  })
}
