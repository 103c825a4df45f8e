import { useMutation, useQueryClient } from '@tanstack/react-query'

import { orderKeys, pickerKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'
import { ApiError } from '@/lib/api-errors'
import type { OrderForCustomer } from '@/lib/api-schemas'

/**
 * POST /orders on behalf of a customer: 201 with the order, totals computed by the server.
 * 400 with `fields` (`userId`, `discount`, `cartItems[0].amount`, ...); 409 `price_changed`,
 * `out_of_stock` ('Only 3 left of X') or `product_unavailable`.
 */
export function createOrder(order: OrderForCustomer) {
  return adminApi.POST('/api/v1/orders', { body: { data: order } })
}

/** Creates an order. Its stock left the shelf, so the product pickers are refreshed as well as the orders. */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
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
