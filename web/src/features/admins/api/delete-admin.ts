import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import { apiFetch } from '@/lib/api-client'

/** DELETE /admins/{id}: needs a superadmin; nobody can delete themselves or the last superadmin. */
export function deleteAdmin(id: string, token: string | undefined) {
  return apiFetch<void>(`/admins/${encodeURIComponent(id)}`, { method: 'DELETE', token })
}

/** Deletes an admin, then refetches the list on screen before settling. */
export function useDeleteAdmin(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteAdmin(id, token),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() })
    },
  })
}
