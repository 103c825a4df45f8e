import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { CATEGORIES_PAGE_SIZE, categoryKeys } from '@/features/categories/api/category-keys'
import { adminApi } from '@/lib/api-client'

/** GET /categories: one page of categories, sorted by name. */
export function getCategories(page: number, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/categories', { params: { query: { page, limit: CATEGORIES_PAGE_SIZE } }, signal })
}

/** One page of categories; the previous page stays on screen while the next one loads. */
export function useCategories(page: number) {
  return useQuery({
    queryKey: categoryKeys.page(page),
    queryFn: ({ signal }) => getCategories(page, signal),
    placeholderData: keepPreviousData,
  })
}
