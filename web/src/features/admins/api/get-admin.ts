import { useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import { adminApi } from '@/lib/api-client'

/** GET /admins/{id}: one admin; 404 when there is none. */
export function getAdmin(id: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/admins/{id}', { params: { path: { id } }, signal })
}

export function useAdmin(id: string) {
  return useQuery({
    queryKey: adminKeys.detail(id),
    queryFn: ({ signal }) => getAdmin(id, signal),
  })
}
