import { useMutation, useQueryClient } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import { adminApi } from '@/lib/api-client'
import type { UserChanges } from '@/lib/api-schemas'

/** PUT /users/{id}: without `password` the customer keeps the current one. A new password or deactivation ends their sessions. */
export function updateUser(id: string, changes: UserChanges) {
  return adminApi.PUT('/api/v1/users/{id}', { params: { path: { id } }, body: changes })
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: UserChanges) => updateUser(id, changes),
    onSuccess: (response) => {
      queryClient.setQueryData(userKeys.detail(id), response)
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() })
    },
  })
}
