import { RotateCw } from 'lucide-react'
import { useSearchParams } from 'react-router'

import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useDashboard } from '@/features/dashboard/api/get-dashboard'
import { ChartSkeleton, DailySales } from '@/features/dashboard/components/daily-sales'
import { LowStock } from '@/features/dashboard/components/low-stock'
import { OrdersByStatus } from '@/features/dashboard/components/orders-by-status'
import { PeriodSwitch } from '@/features/dashboard/components/period-switch'
import { StatCards, StatCardsSkeleton } from '@/features/dashboard/components/stat-cards'
import { TopProducts } from '@/features/dashboard/components/top-products'
import { periodRange, readDays } from '@/features/dashboard/dashboard-display'
import { errorMessage } from '@/lib/api-errors'

function PanelSkeleton({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <div className="space-y-4 px-5">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-56" />
        <ChartSkeleton />
      </div>
    </Card>
  )
}

/**
 * The back office's dashboard for the URL's period (?days=7|30|90, 30 by default): the heading and
 * the period switch, then the figures, the daily chart, orders by status, best sellers and low stock.
 */
export function DashboardView() {
  const [searchParams] = useSearchParams()
  const days = readDays(searchParams)
  const query = useDashboard(days)
  const dashboard = query.data
  // While another period loads, the previous one stays on screen, marked busy.
  const stale = query.isPlaceholderData

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl">Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            {dashboard && !stale ? `Last ${days} days: ${periodRange(dashboard.from, dashboard.to)}` : `Last ${days} days`}
          </p>
        </div>
        <PeriodSwitch days={days} />
      </div>

      {query.isError && !dashboard ? (
        <div role="alert" className="space-y-3 rounded-lg border bg-card p-6">
          <p className="text-destructive">{errorMessage(query.error, 'Failed to fetch the dashboard')}</p>
          <Button variant="outline" onClick={() => query.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : !dashboard ? (
        <div className="space-y-6">
          <p role="status" className="sr-only">
            Loading the dashboard
          </p>
          <StatCardsSkeleton />
          <div className="grid gap-6 lg:grid-cols-3">
            <PanelSkeleton className="lg:col-span-2" />
            <PanelSkeleton />
          </div>
        </div>
      ) : (
        <div aria-busy={stale || undefined} className={stale ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}>
          {query.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(query.error, 'Failed to fetch the dashboard')}
            </p>
          )}
          <StatCards dashboard={dashboard} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <DailySales dashboard={dashboard} />
            </div>
            <OrdersByStatus dashboard={dashboard} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <TopProducts dashboard={dashboard} />
            <LowStock dashboard={dashboard} />
          </div>
        </div>
      )}
    </div>
  )
}
