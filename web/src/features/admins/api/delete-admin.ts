import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import { adminApi } from '@/lib/api-client'

/** DELETE /admins/{id}: needs a superadmin; nobody can delete themselves or the last superadmin. */
export function deleteAdmin(id: string) {
  return adminApi.DELETE('/api/v1/admins/{id}', { params: { path: { id } } })
}

/** Deletes an admin, then refetches the list on screen before settling. */
export function useDeleteAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAdmin,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() })
    },
  })
}
