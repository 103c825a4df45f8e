import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ORDERS_PAGE_SIZE, orderKeys } from '@/features/admin-orders/api/order-keys'
import type { Order } from '@/features/admin-orders/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetOrdersParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /orders with an admin token: one page of every customer's orders, newest first. */
export function getOrders({ page, token, signal }: GetOrdersParams) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ORDERS_PAGE_SIZE) })
  return apiFetch<ListResponse<Order>>(`/orders?${params}`, { token, signal })
}

/** One page of orders; the previous page stays on screen while the next loads. */
export function useOrders(page: number, token: string | undefined) {
  return useQuery({
    queryKey: orderKeys.page(page),
    queryFn: ({ signal }) => getOrders({ page, token, signal }),
    enabled: token !== undefined,
    placeholderData: keepPreviousData,
  })
}
