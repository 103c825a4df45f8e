import { useMutation, useQueryClient } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import { adminApi } from '@/lib/api-client'
import type { NewUser } from '@/lib/api-schemas'

/** POST /auth/register with an admin's token: creates a customer, status included; no jwt comes back. */
export function createUser(input: NewUser) {
  return adminApi.POST('/api/v1/auth/register', { body: input })
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  })
}
