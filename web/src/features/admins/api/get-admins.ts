import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { ADMINS_PAGE_SIZE, adminKeys } from '@/features/admins/api/admin-keys'
import type { Admin } from '@/features/admins/types'
import { apiFetch } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-list'

type GetAdminsParams = { page: number; token: string | undefined; signal?: AbortSignal }

/** GET /admins: one page of admins. */
export function getAdmins({ page, token, signal }: GetAdminsParams) {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMINS_PAGE_SIZE) })
  return apiFetch<ListResponse<Admin>>(`/admins?${params}`, { token, signal })
}

/** One page of admins; the previous page stays on screen while the next one loads. */
export function useAdmins(page: number, token: string | undefined) {
  return useQuery({
    queryKey: adminKeys.page(page),
    queryFn: ({ signal }) => getAdmins({ page, token, signal }),
    enabled: token !== undefined,
    placeholderData: keepPreviousData,
  })
}
