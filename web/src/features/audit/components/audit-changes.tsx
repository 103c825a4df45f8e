import { changeLines, type ShownValue } from '@/features/audit/audit-display'
import type { AuditEntry } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

/** One side of a change: a dash or "(empty)" muted, text as it is, JSON in a wrapping <code>. */
function Value({ value }: { value: ShownValue }) {
  if (value.kind === 'code') {
    return (
      <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs break-all whitespace-pre-wrap">{value.text}</code>
    )
  }
  return <span className={cn('wrap-anywhere', value.kind === 'none' && 'text-muted-foreground')}>{value.text}</span>
}

/** An entry's changes, one field a line: "Selling price: 120.00 → 110.00"; a password only as changed. */
export function AuditChanges({ changes }: { changes: AuditEntry['changes'] }) {
  const lines = changeLines(changes)
  if (lines.length === 0) return <span className="text-muted-foreground">No field changes</span>
  return (
    <ul className="space-y-1">
      {lines.map((line) => (
        <li key={line.field} className="min-w-0 wrap-anywhere">
          {line.kind === 'note' ? (
            <span className="font-medium">{line.text}</span>
          ) : (
            <>
              <span className="font-medium">{line.label}:</span> <Value value={line.before} /> →{' '}
              <Value value={line.after} />
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
