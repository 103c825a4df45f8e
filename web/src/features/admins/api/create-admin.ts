import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import type { Admin } from '@/features/admins/types'
import { apiFetch } from '@/lib/api-client'

/**
 * POST /authadmin/register as multipart (username, email, password, role), with a superadmin's
 * token; no jwt comes back for an admin created this way.
 */
export function createAdmin(form: FormData, token: string | undefined) {
  return apiFetch<{ admin: Admin }>('/authadmin/register', { method: 'POST', body: form, token })
}

export function useCreateAdmin(token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) => createAdmin(form, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.lists() }),
  })
}
