import { useMutation, useQueryClient } from '@tanstack/react-query'

import { productKeys } from '@/features/admin-products/api/product-keys'
import { uploadForm } from '@/lib/api-upload'

export type ImportProductsRequest = {
  /** The CSV, with the products export's columns. */
  file: File
  /** True to only check the file and say what importing it would do. */
  dryRun: boolean
  /** Called as the file goes out, with the percentage sent. */
  onProgress?: (percent: number) => void
}

/**
 * POST /products/import?dryRun= (multipart, field `file`): 200 with the report (a dry run's lists
 * every bad row; an apply's has none, all rows written in one transaction); 422 `import_invalid`
 * with the report in `details` when an apply meets a bad row (nothing written, see
 * rejectedImport); 413 over 10 MB.
 */
export function importProducts({ file, dryRun, onProgress }: ImportProductsRequest) {
  const body = new FormData()
  body.append('file', file)
  return uploadForm('admin', 'POST', '/api/v1/products/import', { query: { dryRun } }, { body, onProgress })
}

/** Checks or applies a product import; once an apply settles, every product list is refetched. */
export function useImportProducts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importProducts,
    onSettled: (_report, _error, { dryRun }) =>
      dryRun ? undefined : queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
