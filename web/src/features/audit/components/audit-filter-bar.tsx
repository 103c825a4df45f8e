import { useSearchParams } from 'react-router'

import { Field } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { useAuditActors } from '@/features/audit/api/get-audit-actors'
import { ENTITY_OPTIONS } from '@/features/audit/audit-display'
import { hasAuditFilters, withAuditFilter, type AuditFilterName } from '@/features/audit/audit-filters'
import type { AuditFilters } from '@/features/audit/types'

type AuditFilterBarProps = {
  filters: AuditFilters
  /** The server's messages for bad filters, by param name. */
  errors: Record<string, string>
}

/**
 * The audit log's filters, each a labelled control bound to its URL param (?entity, ?actor, ?from,
 * ?to): a change shows the first page of what matches; "Clear filters" shows everything again.
 */
export function AuditFilterBar({ filters, errors }: AuditFilterBarProps) {
  const [, setSearchParams] = useSearchParams()
  const actors = useAuditActors()
  const knownActor = !filters.actor || actors.data?.some((admin) => admin._id === filters.actor)

  // A typed day changes the date box's value at every complete date, so those replace the entry
  // in the history rather than adding one each.
  function choose(name: AuditFilterName, value: string, replace = false) {
    setSearchParams((params) => withAuditFilter(params, name, value), { replace })
  }

  function clear() {
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      for (const name of ['entity', 'actor', 'from', 'to', 'page']) next.delete(name)
      return next
    })
  }

  return (
    <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <Field label="Record type" error={errors.entity}>
        {(control) => (
          <NativeSelect {...control} value={filters.entity ?? ''} onChange={(event) => choose('entity', event.target.value)}>
            <option value="">All</option>
            {ENTITY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field
        label="Changed by"
        error={errors.actor}
        hint={actors.isError ? 'The list of admins did not load.' : undefined}
      >
        {(control) => (
          <NativeSelect {...control} value={filters.actor ?? ''} onChange={(event) => choose('actor', event.target.value)}>
            <option value="">All</option>
            {actors.data?.map((admin) => (
              <option key={admin._id} value={admin._id}>
                {admin.username}
              </option>
            ))}
            {!knownActor && <option value={filters.actor}>{actors.isPending ? 'Loading…' : `Admin ${filters.actor}`}</option>}
          </NativeSelect>
        )}
      </Field>
      <Field label="From" error={errors.from}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => choose('from', event.target.value, true)}
          />
        )}
      </Field>
      <Field label="To" error={errors.to}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => choose('to', event.target.value, true)}
          />
        )}
      </Field>
      {hasAuditFilters(filters) && (
        // In line with the boxes on a wide screen, below their labels.
        <Button variant="outline" onClick={clear} className="lg:mt-5.5">
          Clear filters
        </Button>
      )}
    </div>
  )
}
