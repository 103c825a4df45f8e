import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ProductResponse } from '@/features/admin-products/api/get-product'
import { productKeys } from '@/features/admin-products/api/product-keys'
import { uploadProduct } from '@/features/admin-products/api/upload-product'

/** A multipart product write and who to tell how far its upload has got. */
export type ProductUpload = { body: FormData; onProgress?: (percent: number) => void }

/**
 * POST /products (multipart): 201 with the product; 400 `validation_failed` with per-field
 * messages (image1 .. image5 included); 413 when the whole upload is too large.
 */
export function createProduct({ body, onProgress }: ProductUpload, token: string | undefined) {
  return uploadProduct<ProductResponse>('/products', { method: 'POST', body, token, onProgress })
}

export function useCreateProduct(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upload: ProductUpload) => createProduct(upload, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
