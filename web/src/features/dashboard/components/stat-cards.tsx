import { ArrowDown, ArrowUp, Minus } from 'lucide-react'
import { useId } from 'react'

import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { changeText, formatCount, percentChange } from '@/features/dashboard/dashboard-display'
import type { Dashboard } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

const tones = { up: 'text-success', down: 'text-destructive', same: 'text-muted-foreground' } as const
const icons = { up: ArrowUp, down: ArrowDown, same: Minus } as const

type StatCardProps = {
  title: string
  value: string
  current: number
  previous: number
  days: number
  previousOrders: number
}

/** One figure of the period, with how it moved against the previous one: an arrow and the words, coloured too. */
function StatCard({ title, value, current, previous, days, previousOrders }: StatCardProps) {
  const change = previousOrders === 0 ? null : percentChange(current, previous)
  const direction = change?.direction ?? 'same'
  const Icon = icons[direction]
  const headingId = useId()
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-2 py-5">
      <CardHeader className="px-5">
        <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
      </CardHeader>
      <CardContent className="space-y-1 px-5">
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
        <p className={cn('flex items-start gap-1 text-sm', tones[direction])}>
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{changeText(change, days, previousOrders, `No revenue in the previous ${days} days`)}</span>
        </p>
      </CardContent>
    </Card>
  )
}

/** Revenue, orders and average order value of the period, each against the previous period. */
export function StatCards({ dashboard }: { dashboard: Dashboard }) {
  const { days, previous } = dashboard
  const shared = { days, previousOrders: previous.orders }
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Revenue"
        value={formatInr(dashboard.revenue)}
        current={dashboard.revenue}
        previous={previous.revenue}
        {...shared}
      />
      <StatCard
        title="Orders"
        value={formatCount(dashboard.orders)}
        current={dashboard.orders}
        previous={previous.orders}
        {...shared}
      />
      <StatCard
        title="Average order value"
        value={formatInr(dashboard.averageOrderValue)}
        current={dashboard.averageOrderValue}
        previous={previous.averageOrderValue}
        {...shared}
      />
    </div>
  )
}

export function StatCardsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {['Revenue', 'Orders', 'Average order value'].map((title) => (
        <Card key={title} className="gap-2 py-5">
          <CardHeader className="px-5">
            <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
          </CardHeader>
          <CardContent className="space-y-2 px-5">
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-4 w-44" />
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
