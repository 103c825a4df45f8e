import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { UserResponse } from '@/features/users/api/get-user'
import { userKeys } from '@/features/users/api/user-keys'
import type { UserFormValues } from '@/features/users/types'
import { apiFetch } from '@/lib/api-client'

/** POST /auth/register with an admin's token: creates a customer, status included; no jwt comes back. */
export function createUser(input: UserFormValues, token: string | undefined) {
  return apiFetch<UserResponse>('/auth/register', { method: 'POST', body: input, token })
}

export function useCreateUser(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UserFormValues) => createUser(input, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  })
}
