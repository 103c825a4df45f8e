import { useMutation } from '@tanstack/react-query'

import type { AdminUser } from '@/features/auth/atoms'
import { apiFetch } from '@/lib/api-client'

/** The first admin ever gets a jwt; later registrations need a superadmin and get none. */
export type AdminRegisterResponse = { admin: AdminUser; jwt?: string }

/** POST /authadmin/register as multipart: username, email and password from the form. */
export function adminRegister(form: FormData) {
  return apiFetch<AdminRegisterResponse>('/authadmin/register', { method: 'POST', body: form })
}

export function useAdminRegister() {
  return useMutation({ mutationFn: adminRegister })
}
