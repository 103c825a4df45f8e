import { useQuery } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import type { User } from '@/features/users/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type SearchUsersParams = { q: string; token: string | undefined; signal?: AbortSignal }

/** GET /users/search?q=: up to 20 customers whose name, e-mail, mobile or company contains q. */
export function searchUsers({ q, token, signal }: SearchUsersParams) {
  return apiFetch<ListResponse<User>>(`/users/search?${new URLSearchParams({ q })}`, { token, signal })
}

/** Search results for a non-blank q; idle for a blank one. */
export function useSearchUsers(q: string, token: string | undefined) {
  return useQuery({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => searchUsers({ q, token, signal }),
    enabled: q !== '' && token !== undefined,
  })
}
