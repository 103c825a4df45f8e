import type { ReactNode } from 'react'

import { cn } from '@/lib/utils'

type TotalRowProps = {
  label: string
  value: ReactNode
  /** The grand total: larger and bold. */
  strong?: boolean
  /** A row of the GST breakdown: less space around it. */
  compact?: boolean
}

/** One label and amount of a totals list (a <dl>): the amount at the right, in table figures. */
export function TotalRow({ label, value, strong = false, compact = false }: TotalRowProps) {
  return (
    <div
      className={cn(
        'flex justify-between gap-4',
        strong ? 'text-base font-semibold' : compact ? 'py-0.5' : 'py-2',
      )}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
