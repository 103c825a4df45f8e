import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { CATEGORIES_PAGE_SIZE, categoryKeys } from '@/features/categories/api/category-keys'
import type { Category } from '@/features/categories/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetCategoriesParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /categories: one page of categories, sorted by name. */
export function getCategories({ page, token, signal }: GetCategoriesParams) {
  const params = new URLSearchParams({ page: String(page), limit: String(CATEGORIES_PAGE_SIZE) })
  return apiFetch<ListResponse<Category>>(`/categories?${params}`, { token, signal })
}

/** One page of categories; the previous page stays on screen while the next one loads. */
export function useCategories(page: number, token: string | undefined) {
  return useQuery({
    queryKey: categoryKeys.page(page),
    queryFn: ({ signal }) => getCategories({ page, token, signal }),
    enabled: token !== undefined,
    placeholderData: keepPreviousData,
  })
}
