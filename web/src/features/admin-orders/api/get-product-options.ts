import { useQuery } from '@tanstack/react-query'

import { PRODUCT_PICKER_LIMIT, pickerKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'

/** GET /products?limit=1000: every product (by title), for the edit screen's product picker. */
export function getProductOptions(signal?: AbortSignal) {
  const query = { page: '1', limit: String(PRODUCT_PICKER_LIMIT) }
  return adminApi.GET('/api/v1/products', { params: { query }, signal })
}

export function useProductOptions() {
  return useQuery({
    queryKey: pickerKeys.productOptions(),
    queryFn: ({ signal }) => getProductOptions(signal),
  })
}
