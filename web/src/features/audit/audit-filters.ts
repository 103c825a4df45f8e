import { AUDIT_ENTITIES, type AuditFilters } from '@/features/audit/types'

/** The URL params the audit log's filters live in. */
export type AuditFilterName = keyof AuditFilters

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A YYYY-MM-DD text that names a real day, or undefined. */
function readDay(text: string | null): string | undefined {
  if (!text || !DAY.test(text)) return undefined
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined
}

/**
 * The filters the URL asks for (?entity=&actor=&from=&to=): an entity the log follows, an admin's
 * id, and real days; anything else is left out, as if not given.
 */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const entity = AUDIT_ENTITIES.find((option) => option === params.get('entity'))
  const actor = params.get('actor')?.trim() || undefined
  const from = readDay(params.get('from'))
  const to = readDay(params.get('to'))
  return {
    ...(entity && { entity }),
    ...(actor && { actor }),
    ...(from && { from }),
    ...(to && { to }),
  }
}

/**
 * The URL params with one filter set (or, for '', removed) and the list back on its first page;
 * every other param is kept.
 */
export function withAuditFilter(params: URLSearchParams, name: AuditFilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (value) next.set(name, value)
  else next.delete(name)
  next.delete('page')
  return next
}

/** True when any filter narrows the log. */
export function hasAuditFilters(filters: AuditFilters): boolean {
  return Object.values(filters).some(Boolean)
}
