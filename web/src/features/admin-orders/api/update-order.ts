import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { orderKeys, pickerKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'
import { ApiError } from '@/lib/api-errors'
import type { OrderChanges } from '@/lib/api-schemas'

/**
 * PATCH /orders/{id}: the server recomputes the totals and moves stock with the lines and the
 * status; the first move to shipped or delivered issues the tax invoice, cancelling an invoiced
 * order a credit note. Errors as for POST /orders, 404 when the order is gone, and 409
 * `order_invoiced` for a change to the lines, discount, name or address of an invoiced order.
 */
export function updateOrder(id: string, changes: OrderChanges) {
  return adminApi.PATCH('/api/v1/orders/{id}', { params: { path: { id } }, body: changes })
}

export function useUpdateOrder(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: OrderChanges) => updateOrder(id, changes),
    onSuccess: (response) => {
      const detail = orderKeys.detail(id)
      queryClient.setQueryData(detail, response)
      // Stock counts may have moved; nothing needs to wait for them.
      void queryClient.invalidateQueries({ queryKey: ['products'] })
      // Every other orders query may now be stale; the detail was just set, so it is not refetched.
      return queryClient.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (query) => query.queryHash !== hashKey(detail),
      })
    },
    // A conflict means a price or a stock count on screen is out of date: fetch them again. An
    // order invoiced meanwhile is fetched again too, so the screen shows its invoice and locks.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: pickerKeys.products })
        if (error.code === 'order_invoiced') void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) })
      }
    },
  })
}
