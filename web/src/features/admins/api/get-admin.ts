import { useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import type { Admin } from '@/features/admins/types'
import { apiFetch } from '@/lib/api-client'

export type AdminResponse = { admin: Admin }

/** GET /admins/{id}: one admin; 404 when there is none. */
export function getAdmin(id: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<AdminResponse>(`/admins/${encodeURIComponent(id)}`, { token, signal })
}

export function useAdmin(id: string, token: string | undefined) {
  return useQuery({
    queryKey: adminKeys.detail(id),
    queryFn: ({ signal }) => getAdmin(id, token, signal),
    enabled: token !== undefined,
  })
}
