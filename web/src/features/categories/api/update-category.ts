import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import type { CategoryResponse } from '@/features/categories/api/get-category'
import type { CategoryFormValues } from '@/features/categories/types'
import { apiFetch } from '@/lib/api-client'

/** A field left out keeps its current value. */
export type UpdateCategoryInput = Partial<CategoryFormValues>

/** PATCH /categories/{id}: 409 `name_taken` when another category has the name, ignoring case. */
export function updateCategory(id: string, input: UpdateCategoryInput, token: string | undefined) {
  return apiFetch<CategoryResponse>(`/categories/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, token })
}

export function useUpdateCategory(id: string, token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateCategoryInput) => updateCategory(id, input, token),
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
