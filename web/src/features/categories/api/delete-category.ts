import { useMutation, useQueryClient } from '@tanstack/react-query'

import { categoryKeys } from '@/features/categories/api/category-keys'
import { apiFetch } from '@/lib/api-client'

/**
 * DELETE /categories/{id}: needs role admin or superadmin (403 for staff); 409 `category_in_use`
 * while products still use the category.
 */
export function deleteCategory(id: string, token: string | undefined) {
  return apiFetch<void>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE', token })
}

/** Deletes a category, then refetches the list on screen before settling. */
export function useDeleteCategory(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteCategory(id, token),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all })
    },
  })
}
