import { useQuery } from '@tanstack/react-query'

import { AUDIT_ACTORS_LIMIT, auditKeys } from '@/features/audit/api/audit-keys'
import { adminApi } from '@/lib/api-client'

/** GET /admins?limit=100: the admins the actor filter offers. */
export function getAuditActors(signal?: AbortSignal) {
  return adminApi.GET('/api/v1/admins', { params: { query: { page: 1, limit: AUDIT_ACTORS_LIMIT } }, signal })
}

/** The admins whose changes the log can be narrowed to. */
export function useAuditActors() {
  return useQuery({
    queryKey: auditKeys.actors,
    queryFn: ({ signal }) => getAuditActors(signal),
    select: (answer) => answer.data,
  })
}
