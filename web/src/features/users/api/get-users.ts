import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { USERS_PAGE_SIZE, userKeys } from '@/features/users/api/user-keys'
import type { User } from '@/features/users/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetUsersParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /users: one page of customers, newest first. */
export function getUsers({ page, token, signal }: GetUsersParams) {
  const params = new URLSearchParams({ page: String(page), limit: String(USERS_PAGE_SIZE) })
  return apiFetch<ListResponse<User>>(`/users?${params}`, { token, signal })
}

/** One page of customers, unless `enabled` is false (while a search is shown instead). */
export function useUsers(page: number, token: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.page(page),
    queryFn: ({ signal }) => getUsers({ page, token, signal }),
    enabled: enabled && token !== undefined,
    placeholderData: keepPreviousData,
  })
}
