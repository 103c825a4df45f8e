import { useMutation } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'
import type { NewUser } from '@/lib/api-schemas'

/** POST /auth/register: a visitor creates a customer account. */
export function register(input: NewUser) {
  return publicApi.POST('/api/v1/auth/register', { body: input })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
