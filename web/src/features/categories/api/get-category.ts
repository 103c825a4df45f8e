import { useQuery } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import type { Category } from '@/features/categories/types'
import { apiFetch } from '@/lib/api-client'

export type CategoryResponse = { category: Category }

/** GET /categories/{id}: one category; 404 when there is none. */
export function getCategory(id: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<CategoryResponse>(`/categories/${encodeURIComponent(id)}`, { token, signal })
}

export function useCategory(id: string, token: string | undefined) {
  return useQuery({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => getCategory(id, token, signal),
    enabled: token !== undefined,
  })
}
