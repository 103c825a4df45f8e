import { useQuery } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import { adminApi } from '@/lib/api-client'

/** GET /categories/{id}: one category; 404 when there is none. */
export function getCategory(id: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/categories/{id}', { params: { path: { id } }, signal })
}

export function useCategory(id: string) {
  return useQuery({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => getCategory(id, signal),
  })
}
