import { useMutation, useQueryClient } from '@tanstack/react-query'

import { orderKeys } from '@/features/admin-orders/api/order-keys'
import { apiFetch } from '@/lib/api-client'

/** DELETE /orders/{id}: needs role admin or superadmin; a staff admin gets a 403 naming the role. */
export function deleteOrder(id: string, token: string | undefined) {
  return apiFetch<void>(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', token })
}

/**
 * Deletes an order, then refetches the list on screen before settling. Its stock went back on the
 * shelf, so product queries are refreshed too.
 */
export function useDeleteOrder(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteOrder(id, token),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: ['products'] })
      return queryClient.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}
