import { useMutation, useQueryClient } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import { apiFetch } from '@/lib/api-client'

/** DELETE /users/{id}: needs role admin or superadmin; the customer's orders stay. */
export function deleteUser(id: string, token: string | undefined) {
  return apiFetch<void>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', token })
}

/** Deletes a customer, then refetches the list or search results on screen before settling. */
export function useDeleteUser(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteUser(id, token),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() })
    },
  })
}
