import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ADMINS_PAGE_SIZE, adminKeys } from '@/features/admins/api/admin-keys'
import { adminApi } from '@/lib/api-client'

/** GET /admins: one page of admins. */
export function getAdmins(page: number, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/admins', { params: { query: { page, limit: ADMINS_PAGE_SIZE } }, signal })
}

/** One page of admins; the previous page stays on screen while the next one loads. */
export function useAdmins(page: number) {
  return useQuery({
    queryKey: adminKeys.page(page),
    queryFn: ({ signal }) => getAdmins(page, signal),
    placeholderData: keepPreviousData,
  })
}
