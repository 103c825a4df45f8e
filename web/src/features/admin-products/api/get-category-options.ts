import { useQuery } from '@tanstack/react-query'

import { CATEGORY_OPTIONS_PAGE_SIZE, categoryOptionsKey } from '@/features/admin-products/api/product-keys'
import { adminApi } from '@/lib/api-client'

/** GET /categories?page=1&limit=1000: every category, sorted by name, for the category select. */
export function getCategoryOptions(signal?: AbortSignal) {
  return adminApi.GET('/api/v1/categories', { params: { query: { page: 1, limit: CATEGORY_OPTIONS_PAGE_SIZE } }, signal })
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: categoryOptionsKey,
    queryFn: ({ signal }) => getCategoryOptions(signal),
  })
}
