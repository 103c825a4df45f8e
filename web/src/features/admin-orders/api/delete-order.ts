import { useMutation, useQueryClient } from '@tanstack/react-query'

import { orderKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'

/** DELETE /orders/{id}: needs role admin or superadmin; a staff admin gets a 403 naming the role. */
export function deleteOrder(id: string) {
  return adminApi.DELETE('/api/v1/orders/{id}', { params: { path: { id } } })
}

/**
 * Deletes an order, then refetches the list on screen before settling. Its stock went back on the
 * shelf, so product queries are refreshed too.
 */
export function useDeleteOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: ['products'] })
      return queryClient.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}
