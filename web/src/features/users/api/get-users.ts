import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { USERS_PAGE_SIZE, userKeys } from '@/features/users/api/user-keys'
import { adminApi } from '@/lib/api-client'

/** GET /users: one page of customers, newest first. */
export function getUsers(page: number, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/users', { params: { query: { page, limit: USERS_PAGE_SIZE } }, signal })
}

/** One page of customers, unless `enabled` is false (while a search is shown instead). */
export function useUsers(page: number, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.page(page),
    queryFn: ({ signal }) => getUsers(page, signal),
    enabled,
    placeholderData: keepPreviousData,
  })
}
