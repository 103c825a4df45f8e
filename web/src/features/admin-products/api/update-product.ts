import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { uploadForm, type FormUpload } from '@/lib/api-upload'

/**
 * PATCH /products/{id} (multipart): fields left out keep their value; imageN replaces a slot and
 * delete_imageN=true clears one. Errors as for POST /products.
 */
export function updateProduct(id: string, upload: FormUpload) {
  return uploadForm('admin', 'PATCH', '/api/v1/products/{id}', { path: { id } }, upload)
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upload: FormUpload) => updateProduct(id, upload),
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
