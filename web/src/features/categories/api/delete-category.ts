import { useMutation, useQueryClient } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import { adminApi } from '@/lib/api-client'

/**
 * DELETE /categories/{id}: needs role admin or superadmin (403 for staff); 409 `category_in_use`
 * while products still use the category.
 */
export function deleteCategory(id: string) {
  return adminApi.DELETE('/api/v1/categories/{id}', { params: { path: { id } } })
}

/** Deletes a category, then refetches the list on screen before settling. */
export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all })
    },
  })
}
