import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { AUDIT_PAGE_SIZE, auditKeys } from '@/features/audit/api/audit-keys'
import type { AuditFilters } from '@/features/audit/types'
import { adminApi } from '@/lib/api-client'

/**
 * GET /audit: one page of the back office's writes, newest first, narrowed by the record kind,
 * the admin and India days (inclusive); admins only. A bad filter is a 400 with `fields`.
 */
export function getAuditLog(filters: AuditFilters, page: number, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/audit', { params: { query: { ...filters, page, limit: AUDIT_PAGE_SIZE } }, signal })
}

/**
 * One page of the audit log. Every write anywhere adds to it, so it is refetched whenever it is
 * opened (the cached page shows meanwhile); the previous page stays on screen while the next loads.
 */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page),
    queryFn: ({ signal }) => getAuditLog(filters, page, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  })
}
