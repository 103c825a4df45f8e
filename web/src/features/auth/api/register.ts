import { useMutation } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'
import type { NewUser } from '@/lib/api-schemas'

export const REGISTER_FIELDS = [
  'username',
  'email',
  'password',
  'address',
  'city',
  'state',
  'mobile',
  'company',
] as const

/** POST /auth/register: a visitor creates a customer account. */
export function register(input: NewUser) {
  return publicApi.POST('/api/v1/auth/register', { body: input })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
