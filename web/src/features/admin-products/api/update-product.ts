import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'

import type { ProductUpload } from '@/features/admin-products/api/create-product'
import type { ProductResponse } from '@/features/admin-products/api/get-product'
import { productKeys } from '@/features/admin-products/api/product-keys'
import { uploadProduct } from '@/features/admin-products/api/upload-product'

/**
 * PATCH /products/{id} (multipart): fields left out keep their value; imageN replaces a slot and
 * delete_imageN=true clears one. Errors as for POST /products.
 */
export function updateProduct(id: string, { body, onProgress }: ProductUpload, token: string | undefined) {
  return uploadProduct<ProductResponse>(`/products/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    token,
    onProgress,
  })
}

export function useUpdateProduct(id: string, token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upload: ProductUpload) => updateProduct(id, upload, token),
    onSuccess: (response) => {
      const detail = productKeys.detail(id)
      queryClient.setQueryData(detail, response)
      // Every other products query may now be stale; the detail was just set, so it is not refetched.
      return queryClient.invalidateQueries({
        queryKey: productKeys.all,
        predicate: (query) => query.queryHash !== hashKey(detail),
      })
    },
  })
}
