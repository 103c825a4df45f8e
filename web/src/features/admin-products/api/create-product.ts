import { useMutation, useQueryClient } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { uploadForm, type FormUpload } from '@/lib/api-upload'

/**
 * POST /products (multipart): 201 with the product; 400 `validation_failed` with per-field
 * messages (image1 .. image5 included); 413 when the whole upload is too large.
 */
export function createProduct(upload: FormUpload) {
  return uploadForm('admin', 'POST', '/api/v1/products', {}, upload)
}

export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
