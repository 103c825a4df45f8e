import { useMutation, useQueryClient } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import type { CategoryResponse } from '@/features/categories/api/get-category'
import type { CategoryFormValues } from '@/features/categories/types'
import { apiFetch } from '@/lib/api-client'

/** POST /categories: 409 `name_taken` when another category has the name, ignoring case. */
export function createCategory(input: CategoryFormValues, token: string | undefined) {
  return apiFetch<CategoryResponse>('/categories', { method: 'POST', body: input, token })
}

export function useCreateCategory(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CategoryFormValues) => createCategory(input, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
