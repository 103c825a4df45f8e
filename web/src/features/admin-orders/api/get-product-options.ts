import { useQuery } from '@tanstack/react-query'

import { PRODUCT_PICKER_LIMIT, pickerKeys } from '@/features/admin-orders/api/order-keys'
import type { ProductOption } from '@/features/admin-orders/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetProductOptionsParams = { token: string | undefined; signal?: AbortSignal }

/** GET /products?limit=1000: every product (by title), for the edit screen's product picker. */
export function getProductOptions({ token, signal }: GetProductOptionsParams) {
  const params = new URLSearchParams({ page: '1', limit: String(PRODUCT_PICKER_LIMIT) })
  return apiFetch<ListResponse<ProductOption>>(`/products?${params}`, { token, signal })
}

export function useProductOptions(token: string | undefined) {
  return useQuery({
    queryKey: pickerKeys.productOptions(),
    queryFn: ({ signal }) => getProductOptions({ token, signal }),
    enabled: token !== undefined,
  })
}
