import { lazy, Suspense, useId, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatCount, longDay, periodRange } from '@/features/dashboard/dashboard-display'
import { DashboardCard } from '@/features/dashboard/components/dashboard-card'
import type { Dashboard } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

// recharts is large: it is fetched when the dashboard first draws the chart, not with the back office.
const DailyChart = lazy(() =>
  import('@/features/dashboard/components/daily-chart').then((module) => ({ default: module.DailyChart })),
)

export function ChartSkeleton() {
  return <Skeleton className="h-64 w-full sm:h-72" />
}

/** The same days as a table: for screen readers always, on screen when asked for instead of the chart. */
function DailyTable({ dashboard, caption, shown }: { dashboard: Dashboard; caption: string; shown: boolean }) {
  return (
    <div
      role={shown ? 'region' : undefined}
      aria-label={shown ? caption : undefined}
      tabIndex={shown ? 0 : undefined}
      className={cn(shown ? 'max-h-72 overflow-y-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring' : 'sr-only')}
    >
      {/* A bare table: the Table primitive's sideways scroller would be a scrollable region without focus. */}
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHeader className="sticky top-0 bg-card">
          <TableRow>
            <TableHead scope="col" className="px-2">
              Day
            </TableHead>
            <TableHead scope="col" className="px-2 text-right">
              Revenue
            </TableHead>
            <TableHead scope="col" className="px-2 text-right">
              Orders
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {dashboard.daily.map((day) => (
            <TableRow key={day.date}>
              <TableCell className="px-2 whitespace-nowrap">{longDay(day.date)}</TableCell>
              <TableCell className="px-2 text-right tabular-nums">{formatInr(day.revenue)}</TableCell>
              <TableCell className="px-2 text-right tabular-nums">{formatCount(day.orders)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  )
}

/** Revenue and orders day by day: the chart, or its table on request; a note when there were no orders. */
export function DailySales({ dashboard }: { dashboard: Dashboard }) {
  const [asTable, setAsTable] = useState(false)
  const tableId = useId()
  const range = periodRange(dashboard.from, dashboard.to)
  const caption = `Daily revenue and orders, ${range}`
  const empty = dashboard.daily.every((day) => day.orders === 0)
  return (
    <DashboardCard
      title="Daily sales"
      description="Revenue and orders a day, cancelled orders left out."
      action={
        !empty && (
          <Button variant="outline" size="sm" aria-controls={tableId} onClick={() => setAsTable((shown) => !shown)}>
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
        )
      }
    >
      {empty ? (
        <p className="py-10 text-center text-muted-foreground">No orders in the last {dashboard.days} days</p>
      ) : (
        <>
          {!asTable && (
            <Suspense fallback={<ChartSkeleton />}>
              <DailyChart daily={dashboard.daily} label={caption} />
            </Suspense>
          )}
          <div id={tableId}>
            <DailyTable dashboard={dashboard} caption={caption} shown={asTable} />
          </div>
        </>
      )}
    </DashboardCard>
  )
}
