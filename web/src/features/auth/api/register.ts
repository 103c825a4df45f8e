import { useMutation } from '@tanstack/react-query'

import type { CustomerUser } from '@/features/auth/atoms'
import { apiFetch } from '@/lib/api-client'

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

export type RegisterInput = Record<(typeof REGISTER_FIELDS)[number], string>

export type RegisterResponse = { user: CustomerUser; jwt: string }

/** POST /auth/register: a visitor creates a customer account. */
export function register(input: RegisterInput) {
  return apiFetch<RegisterResponse>('/auth/register', { method: 'POST', body: input })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
