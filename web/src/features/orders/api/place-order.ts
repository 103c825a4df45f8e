import { useMutation, useQueryClient } from '@tanstack/react-query'

import { orderKeys } from '@/features/orders/api/order-keys'
import { customerApi } from '@/lib/api-client'
import { ApiError } from '@/lib/api-errors'
import type { Checkout } from '@/lib/api-schemas'

/** The root key of every product query, storefront and back office (see their product-keys.ts). */
const PRODUCTS_KEY = ['products'] as const

/** Refusals saying the cart no longer matches the catalog: a price, the stock or a product changed. */
const CATALOG_CONFLICTS: ReadonlySet<string> = new Set(['price_changed', 'out_of_stock', 'product_unavailable'])

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
 * Places an order; on success every cached order list and order is stale. A `price_changed`,
 * `out_of_stock` or `product_unavailable` answer means cached products are stale too, so the
 * shop's product queries (all under 'products') refetch: the cart's among them, which brings the
 * cart up to date.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    onError: (error) => {
      if (error instanceof ApiError && CATALOG_CONFLICTS.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
      }
    },
  })
}
