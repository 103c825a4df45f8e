import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { OrderResponse } from '@/features/admin-orders/api/get-order'
import { orderKeys, pickerKeys } from '@/features/admin-orders/api/order-keys'
import type { CreateOrderInput } from '@/features/admin-orders/order-payloads'
import { ApiError, apiFetch } from '@/lib/api-client'

/**
 * POST /orders on behalf of a customer: 201 with the order, totals recomputed by the server.
 * 400 with `fields` (`userId`, `discount`, `cartItems[0].amount`, ...); 409 `price_changed`,
 * `out_of_stock` ('Only 3 left of X') or `product_unavailable`.
 */
export function createOrder(input: CreateOrderInput, token: string | undefined) {
  return apiFetch<OrderResponse>('/orders', { method: 'POST', body: input, token })
}

/** Creates an order. Its stock left the shelf, so the product pickers are refreshed as well as the orders. */
export function useCreateOrder(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateOrderInput) => createOrder(input, token),
    onSuccess: () => {
      // Stock counts changed; nothing needs to wait for them.
      void queryClient.invalidateQueries({ queryKey: ['products'] })
      return queryClient.invalidateQueries({ queryKey: orderKeys.all })
    },
    // A conflict means a price or a stock count on screen is out of date: fetch them again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: pickerKeys.products })
      }
    },
  })
}
