import type { ReactNode } from 'react'

import { Skeleton } from '@/components/ui/skeleton'

type RecordCardProps = {
  /** The record's name: the card's heading. */
  title: ReactNode
  /** A line under the title (a date, a company). */
  subtitle?: ReactNode
  /** A status or role badge, beside the title. */
  badge?: ReactNode
  /** The record's facts, as RecordFields. */
  children: ReactNode
  /** The record's actions (RowActions), under its facts; a read-only record (a log entry) has none. */
  actions?: ReactNode
}

/**
 * One record of a back-office list on a phone (a list item, see PagedTable's `cards`): its name as a
 * heading with an optional badge, its facts as label–value pairs, and its actions at the foot, so
 * every column of the wide table is on screen without scrolling sideways.
 */
export function RecordCard({ title, subtitle, badge, children, actions }: RecordCardProps) {
  return (
    <li className="rounded-lg border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-medium wrap-anywhere">{title}</h2>
          {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        {badge}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">{children}</dl>
      {actions && <div className="mt-4 border-t pt-3">{actions}</div>}
    </li>
  )
}

/** One label and value of a RecordCard: the label in the first column, the value beside it. */
export function RecordField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-span-2 grid grid-cols-subgrid">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  )
}

/** Placeholder cards shaped like RecordCards, while the list loads. */
export function RecordCardSkeletons({ count = 3 }: { count?: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className="space-y-3 rounded-lg border bg-card p-4">
      <Skeleton className="h-5 w-2/5" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <div className="flex justify-end gap-2 border-t pt-3">
        <Skeleton className="h-8 w-14" />
        <Skeleton className="h-8 w-16" />
      </div>
    </div>
  ))
}
