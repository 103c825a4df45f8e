import { useMutation, useQueryClient } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { apiFetch } from '@/lib/api-client'

/** DELETE /products/{id}: needs role admin or superadmin; a staff admin gets a 403 naming the role. */
export function deleteProduct(id: string, token: string | undefined) {
  return apiFetch<void>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE', token })
}

/** Deletes a product, then refetches the list or search results on screen before settling. */
export function useDeleteProduct(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteProduct(id, token),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: productKeys.all })
    },
  })
}
