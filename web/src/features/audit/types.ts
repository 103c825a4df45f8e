import type { AuditEntity } from '@/lib/api-schemas'

/**
 * The kinds of record the audit log follows, in the order the filter offers them. Checked against
 * the API's AuditEntity: a kind it drops fails here, one it adds fails the type test in
 * audit-display.test.ts until it is listed.
 */
export const AUDIT_ENTITIES = ['product', 'category', 'user', 'admin', 'order', 'coupon'] as const satisfies readonly AuditEntity[]

/** What the audit log shows, as the URL says it: every filter is optional. */
export type AuditFilters = {
  entity?: AuditEntity
  /** An admin's `_id`. */
  actor?: string
  /** India days, YYYY-MM-DD, both inclusive. */
  from?: string
  to?: string
}
