import { useMutation, useQueryClient } from '@tanstack/react-query'

import { orderKeys } from '@/features/orders/api/order-keys'
import { customerApi } from '@/lib/api-client'
import { ApiError } from '@/lib/api-errors'
import type { Checkout } from '@/lib/api-schemas'

/** The root key of every product query, storefront and back office (see their product-keys.ts). */
const PRODUCTS_KEY = ['products'] as const

/** A checkout and the Idempotency-Key of its attempt. */
export type PlaceOrderInput = { payload: Checkout; idempotencyKey: string }

/**
 * POST /orders with `{"data": payload}`: 201 with the order. A repeated Idempotency-Key answers
 * with the order it first placed. Fails with 409 `price_changed` (details `[{productId, price}]`),
 * `out_of_stock` (details `{productId, left}`) or `product_unavailable`, 400 with `fields`, 401.
 */
export function placeOrder({ payload, idempotencyKey }: PlaceOrderInput) {
  return customerApi.POST('/api/v1/orders', {
    body: { data: payload },
    params: { header: { 'Idempotency-Key': idempotencyKey } },
  })
}

/**
 * Places an order; on success every cached order list and order is stale. A `price_changed`
 * answer means cached product prices are stale too, so the shop's product queries (all under
 * 'products') refetch before the customer adds from them again.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'price_changed') {
        void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
      }
    },
  })
}
