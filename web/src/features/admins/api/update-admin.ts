import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import type { AdminResponse } from '@/features/admins/api/get-admin'
import { apiFetch } from '@/lib/api-client'

/** Without `password` the admin keeps the current one. */
export type UpdateAdminInput = { username: string; email: string; role: string; password?: string }

/** PUT /admins/{id}. */
export function updateAdmin(id: string, input: UpdateAdminInput, token: string | undefined) {
  return apiFetch<AdminResponse>(`/admins/${encodeURIComponent(id)}`, { method: 'PUT', body: input, token })
}

export function useUpdateAdmin(id: string, token: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateAdminInput) => updateAdmin(id, input, token),
    onSuccess: (response) => {
      queryClient.setQueryData(adminKeys.detail(id), response)
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() })
    },
  })
}
