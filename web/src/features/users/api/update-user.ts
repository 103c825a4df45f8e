import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { UserResponse } from '@/features/users/api/get-user'
import { userKeys } from '@/features/users/api/user-keys'
import type { UserFormValues } from '@/features/users/types'
import { apiFetch } from '@/lib/api-client'

/** Without `password` the customer keeps the current one. */
export type UpdateUserInput = Omit<UserFormValues, 'password'> & { password?: string }

/** PUT /users/{id}. A new password or deactivation ends the customer's sessions. */
export function updateUser(id: string, input: UpdateUserInput, token: string | undefined) {
  return apiFetch<UserResponse>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body: input, token })
}

export function useUpdateUser(id: string, token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(id, input, token),
    onSuccess: (response) => {
      queryClient.setQueryData(userKeys.detail(id), response)
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() })
    },
  })
}
