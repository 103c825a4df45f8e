import { useMutation } from '@tanstack/react-query'

import type { CustomerUser } from '@/features/auth/atoms'
import { apiFetch } from '@/lib/api-client'

export type LoginInput = { identifier: string; password: string }

export type LoginResponse = { user: CustomerUser; jwt: string }

/** POST /auth/login: a customer signs in with e-mail or mobile. */
export function login(input: LoginInput) {
  return apiFetch<LoginResponse>('/auth/login', { method: 'POST', body: input })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
