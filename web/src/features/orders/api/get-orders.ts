import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ORDERS_PAGE_SIZE, orderKeys } from '@/features/orders/api/order-keys'
import type { Order } from '@/features/orders/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetOrdersParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /orders: one page of the signed-in customer's orders, newest first. */
export function getOrders({ page, token, signal }: GetOrdersParams) {
  const params = new URLSearchParams({ page: String(page), limit: String(ORDERS_PAGE_SIZE) })
  return apiFetch<ListResponse<Order>>(`/orders?${params}`, { token, signal })
}

/** One page of the customer's orders; the page shown stays while the next one loads. */
export function useOrders(page: number, token: string | undefined) {
  return useQuery({
    queryKey: orderKeys.page(page),
    queryFn: ({ signal }) => getOrders({ page, token, signal }),
    enabled: token !== undefined,
    placeholderData: keepPreviousData,
  })
}
