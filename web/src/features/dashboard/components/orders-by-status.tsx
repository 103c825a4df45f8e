import { barPercent, formatCount, statusCounts } from '@/features/dashboard/dashboard-display'
import { DashboardCard } from '@/features/dashboard/components/dashboard-card'
import type { Dashboard } from '@/lib/api-schemas'
import { capitalize } from '@/lib/text'

/** The period's orders by their status now, as labelled bars with their counts. */
export function OrdersByStatus({ dashboard }: { dashboard: Dashboard }) {
  const rows = statusCounts(dashboard.byStatus)
  const largest = Math.max(...rows.map((row) => row.count))
  return (
    <DashboardCard title="Orders by status" description="Orders placed in the period, by their status now.">
      {largest === 0 ? (
        <p className="py-6 text-center text-muted-foreground">No orders in the last {dashboard.days} days</p>
      ) : (
        <ul aria-label="Orders by status" className="space-y-3">
          {rows.map(({ status, count }) => (
            <li key={status} className="space-y-1">
              <p className="flex items-baseline justify-between gap-3 text-sm">
                <span>{capitalize(status)}</span>
                <span className="font-medium tabular-nums">{formatCount(count)}</span>
              </p>
              <div aria-hidden="true" className="h-2 rounded-full bg-muted">
                <div className="h-full rounded-full bg-chart-1" style={{ width: `${barPercent(count, largest)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}
