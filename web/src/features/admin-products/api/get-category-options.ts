import { useQuery } from '@tanstack/react-query'

import { CATEGORY_OPTIONS_PAGE_SIZE, categoryOptionsKey } from '@/features/admin-products/api/product-keys'
import type { CategoryOption } from '@/features/admin-products/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetCategoryOptionsParams = { token: string | undefined; signal?: AbortSignal }

/** GET /categories?page=1&pageSize=1000: every category, sorted by name, for the category select. */
export function getCategoryOptions({ token, signal }: GetCategoryOptionsParams) {
  const params = new URLSearchParams({ page: '1', pageSize: String(CATEGORY_OPTIONS_PAGE_SIZE) })
  return apiFetch<ListResponse<CategoryOption>>(`/categories?${params}`, { token, signal })
}

export function useCategoryOptions(token: string | undefined) {
  return useQuery({
    queryKey: categoryOptionsKey,
    queryFn: ({ signal }) => getCategoryOptions({ token, signal }),
    enabled: token !== undefined,
  })
}
