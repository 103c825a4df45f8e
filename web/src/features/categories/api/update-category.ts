import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import { adminApi } from '@/lib/api-client'
import type { CategoryChanges } from '@/lib/api-schemas'

/** PATCH /categories/{id}: a field left out keeps its value; 409 `name_taken` when another category has the name, ignoring case. */
export function updateCategory(id: string, changes: CategoryChanges) {
  return adminApi.PATCH('/api/v1/categories/{id}', { params: { path: { id } }, body: changes })
}

export function useUpdateCategory(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: CategoryChanges) => updateCategory(id, changes),
    onSuccess: (response) => {
      const detail = categoryKeys.detail(id)
      queryClient.setQueryData(detail, response)
      // Every other categories query may now be stale; the detail was just set, so it is not refetched.
      return queryClient.invalidateQueries({
        queryKey: categoryKeys.all,
        predicate: (query) => query.queryHash !== hashKey(detail),
      })
    },
  })
}
