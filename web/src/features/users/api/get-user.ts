import { useQuery } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import { adminApi } from '@/lib/api-client'

/** GET /users/{id}: one customer; 404 when there is none. */
export function getUser(id: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/users/{id}', { params: { path: { id } }, signal })
}

export function useUser(id: string) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  })
}
