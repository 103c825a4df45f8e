import type { AuditFilters } from '@/features/audit/types'

/** Entries per page on /admin/audit. */
export const AUDIT_PAGE_SIZE = 20

/** The most admins the actor filter offers (the largest page GET /admins serves). */
export const AUDIT_ACTORS_LIMIT = 100

/**
 * Query keys of the audit log; every key names what its request depends on. Every write of the
 * back office adds to the log, so it is not invalidated by them: it is refetched whenever it is
 * opened (see useAuditLog) instead. The actor filter's admins sit under 'admins', so that a write
 * to an admin (which invalidates 'admins') refreshes them too.
 */
export const auditKeys = {
  all: ['audit'] as const,
  pages: () => [...auditKeys.all, 'list'] as const,
  page: (filters: AuditFilters, page: number) =>
    [...auditKeys.pages(), { ...filters, page, limit: AUDIT_PAGE_SIZE }] as const,
  actors: ['admins', 'audit-actors', { limit: AUDIT_ACTORS_LIMIT }] as const,
}
