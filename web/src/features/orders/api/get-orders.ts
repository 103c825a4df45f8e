import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ORDERS_PAGE_SIZE, orderKeys } from '@/features/orders/api/order-keys'
import { customerApi } from '@/lib/api-client'

/** GET /orders: one page of the signed-in customer's orders, newest first. */
export function getOrders(page: number, signal?: AbortSignal) {
  return customerApi.GET('/api/v1/orders', { params: { query: { page, limit: ORDERS_PAGE_SIZE } }, signal })
}

/** One page of the customer's orders; the page shown stays while the next one loads. */
export function useOrders(page: number) {
  return useQuery({
    queryKey: orderKeys.page(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
  })
}
