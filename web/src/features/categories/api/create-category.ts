import { useMutation, useQueryClient } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import { adminApi } from '@/lib/api-client'
import type { NewCategory } from '@/lib/api-schemas'

/** POST /categories: 409 `name_taken` when another category has the name, ignoring case. */
export function createCategory(input: NewCategory) {
  return adminApi.POST('/api/v1/categories', { body: input })
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
