import { useMutation, useQueryClient } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { adminApi } from '@/lib/api-client'

/** DELETE /products/{id}: needs role admin or superadmin; a staff admin gets a 403 naming the role. */
export function deleteProduct(id: string) {
  return adminApi.DELETE('/api/v1/products/{id}', { params: { path: { id } } })
}

/** Deletes a product, then refetches the list or search results on screen before settling. */
export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: productKeys.all })
    },
  })
}
