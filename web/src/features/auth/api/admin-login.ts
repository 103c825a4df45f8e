import { useMutation } from '@tanstack/react-query'

import type { AdminUser } from '@/features/auth/atoms'
import { apiFetch } from '@/lib/api-client'

export type AdminLoginInput = { identifier: string; password: string }

export type AdminLoginResponse = { admin: AdminUser; jwt: string }

/** POST /authadmin/login: an admin signs in to the back-office. */
export function adminLogin(input: AdminLoginInput) {
  return apiFetch<AdminLoginResponse>('/authadmin/login', { method: 'POST', body: input })
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin })
}
