import { Link, useSearchParams } from 'react-router'

import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { focusRing } from '@/components/ui/focus-ring'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useAuditLog } from '@/features/audit/api/get-audit-log'
import { entityLabel, recordName, recordPath } from '@/features/audit/audit-display'
import { readAuditFilters } from '@/features/audit/audit-filters'
import { ActionBadge } from '@/features/audit/components/action-badge'
import { AuditChanges } from '@/features/audit/components/audit-changes'
import { AuditFilterBar } from '@/features/audit/components/audit-filter-bar'
import type { AuditEntry } from '@/lib/api-schemas'
import { fieldErrors } from '@/lib/api-errors'
import { formatIndiaTime } from '@/lib/format-order-date'
import { readPage } from '@/lib/page-search'
import { cn } from '@/lib/utils'

const COLUMNS = 5

/** The record an entry is about, by name: a link to its edit screen while it can still exist. */
function RecordLink({ entry }: { entry: AuditEntry }) {
  const path = recordPath(entry)
  const name = recordName(entry)
  // An id is shown in a monospace font; a name (a title, an order number) as text.
  const idOnly = !entry.entityLabel.trim()
  if (!path) return <span className={cn('wrap-anywhere', idOnly && 'font-mono text-sm')}>{name}</span>
  return (
    <Link
      to={path}
      aria-label={`Edit ${entityLabel(entry.entity).toLowerCase()} ${name}`}
      className={cn(
        'rounded-sm wrap-anywhere text-primary underline underline-offset-4 hover:no-underline',
        idOnly && 'font-mono text-sm',
        focusRing,
      )}
    >
      {name}
    </Link>
  )
}

function When({ entry }: { entry: AuditEntry }) {
  return <time dateTime={entry.at}>{formatIndiaTime(entry.at)}</time>
}

/**
 * The back office's writes, newest first, at the URL's ?page, narrowed by its ?entity, ?actor,
 * ?from and ?to: when (India time), who, which record (linked while it can exist), what was done
 * and each field's change.
 */
export function AuditLog() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const filters = readAuditFilters(searchParams)
  const log = useAuditLog(filters, page)

  return (
    <div className="space-y-6">
      <AuditFilterBar filters={filters} errors={fieldErrors(log.error)} />
      <PagedTable
        query={log}
        page={page}
        pagination={log.data?.meta.pagination}
        noun="changes"
        empty="No changes match these filters."
        columns={COLUMNS}
        cards={log.data?.data.map((entry) => (
          <RecordCard
            key={entry._id}
            title={entityLabel(entry.entity)}
            subtitle={<When entry={entry} />}
            badge={<ActionBadge action={entry.action} />}
          >
            <RecordField label="By">{entry.actor.name}</RecordField>
            <RecordField label="Record">
              <RecordLink entry={entry} />
            </RecordField>
            <RecordField label="Changes">
              <AuditChanges changes={entry.changes} />
            </RecordField>
          </RecordCard>
        ))}
        head={
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>By</TableHead>
            <TableHead>Record</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Changes</TableHead>
          </TableRow>
        }
      >
        {log.data?.data.map((entry) => (
          <TableRow key={entry._id}>
            <TableCell className="align-top whitespace-nowrap text-muted-foreground">
              <When entry={entry} />
            </TableCell>
            <TableCell className="align-top font-medium">{entry.actor.name}</TableCell>
            <TableCell className="min-w-32 align-top">
              <span className="block">{entityLabel(entry.entity)}</span>
              <RecordLink entry={entry} />
            </TableCell>
            <TableCell className="align-top">
              <ActionBadge action={entry.action} />
            </TableCell>
            <TableCell className="min-w-64 align-top text-sm whitespace-normal">
              <AuditChanges changes={entry.changes} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </div>
  )
}
