import { useQuery } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import type { User } from '@/features/users/types'
import { apiFetch } from '@/lib/api-client'

export type UserResponse = { user: User }

/** GET /users/{id}: one customer; 404 when there is none. */
export function getUser(id: string, token: string | undefined, signal?: AbortSignal) {
  return apiFetch<UserResponse>(`/users/${encodeURIComponent(id)}`, { token, signal })
}

export function useUser(id: string, token: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, token, signal),
    enabled: token !== undefined,
  })
}
