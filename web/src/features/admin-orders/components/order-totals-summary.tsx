import { useId } from 'react'

import { formatInr, type OrderTotals } from '@/lib/pricing'
import { cn } from '@/lib/utils'

/**
 * Subtotal, discount and total of the order on screen, as the pricing module computed them. Each
 * figure is an <output> named by its label; only the total is announced as it changes.
 */
export function OrderTotalsSummary({ totals }: { totals: OrderTotals }) {
  return (
    <div role="group" aria-label="Order totals" className="grid gap-2 rounded-lg border bg-card p-4 text-sm">
      <TotalRow label="Subtotal" value={formatInr(totals.subtotal)} />
      <TotalRow label="Discount" value={formatInr(totals.discount)} />
      <TotalRow label="Total" value={formatInr(totals.total)} strong live />
    </div>
  )
}

type TotalRowProps = { label: string; value: string; strong?: boolean; live?: boolean }

function TotalRow({ label, value, strong = false, live = false }: TotalRowProps) {
  const id = useId()
  return (
    <div className={cn('flex justify-between gap-4', strong && 'border-t pt-2 text-base font-semibold')}>
      <span id={id}>{label}</span>
      <output aria-labelledby={id} aria-live={live ? 'polite' : 'off'} className="tabular-nums">
        {value}
      </output>
    </div>
  )
}
