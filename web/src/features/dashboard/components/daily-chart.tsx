// The recharts part of the daily sales card, loaded on its own (see daily-sales.tsx): recharts is
// large, and only this screen needs it.
import { Bar, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts'

import { ChartContainer, ChartLegend, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart'
import { axisInr, formatCount, longDay, shortDay } from '@/features/dashboard/dashboard-display'
import type { DailySales } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'

const dailyChartConfig = {
  revenue: { label: 'Revenue', color: 'var(--chart-1)' },
  orders: { label: 'Orders', color: 'var(--chart-2)' },
} satisfies ChartConfig

const tooltipValue = (value: number, key: string) => (key === 'revenue' ? formatInr(value) : formatCount(value))

/**
 * Revenue as bars on the left axis, orders as a line on the right, one point a day. Focusable: the
 * arrow keys move the tooltip from day to day.
 */
export function DailyChart({ daily, label }: { daily: DailySales[]; label: string }) {
  return (
    <div className="space-y-3">
      <ChartContainer config={dailyChartConfig} className="aspect-auto h-64 sm:h-72">
        <ComposedChart data={daily} aria-label={label} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tickLine={false} axisLine={false} tickMargin={8} minTickGap={20} />
          <YAxis yAxisId="revenue" tickFormatter={axisInr} tickLine={false} axisLine={false} width="auto" />
          <YAxis
            yAxisId="orders"
            orientation="right"
            allowDecimals={false}
            tickFormatter={formatCount}
            tickLine={false}
            axisLine={false}
            width="auto"
          />
          <ChartTooltip
            content={({ active, payload, label: day }) => (
              <ChartTooltipContent
                active={active}
                payload={payload}
                label={day}
                labelFormatter={longDay}
                valueFormatter={tooltipValue}
              />
            )}
          />
          <Bar yAxisId="revenue" dataKey="revenue" fill="var(--color-revenue)" radius={[3, 3, 0, 0]} maxBarSize={28} />
          <Line
            yAxisId="orders"
            dataKey="orders"
            type="linear"
            stroke="var(--color-orders)"
            strokeWidth={2}
            dot={false}
            activeDot={{ r: 4 }}
          />
        </ComposedChart>
      </ChartContainer>
      <ChartLegend config={dailyChartConfig} />
    </div>
  )
}
