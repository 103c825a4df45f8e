import { useMutation, useQueryClient } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import { adminApi } from '@/lib/api-client'

/** DELETE /users/{id}: needs role admin or superadmin; the customer's orders stay. */
export function deleteUser(id: string) {
  return adminApi.DELETE('/api/v1/users/{id}', { params: { path: { id } } })
}

/** Deletes a customer, then refetches the list or search results on screen before settling. */
export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() })
    },
  })
}
