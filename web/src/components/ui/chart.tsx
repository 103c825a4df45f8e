// A small shadcn-style chart kit over recharts: a container that names each series' colour as a
// CSS variable (`--color-<key>`) taken from the theme, so charts follow winter and dracula, and a
// tooltip drawn with the theme's popover colours. Import it only from lazily loaded screens:
// recharts is large.
import { createContext, useContext, type ComponentProps, type CSSProperties, type ReactNode } from 'react'
import { ResponsiveContainer, Tooltip } from 'recharts'

import { cn } from '@/lib/utils'

/** Each series by its data key: its label and its colour (a CSS colour, usually `var(--chart-1)`). */
export type ChartConfig = Record<string, { label: string; color: string }>

const ChartContext = createContext<ChartConfig | null>(null)

function useChartConfig() {
  const config = useContext(ChartContext)
  if (!config) throw new Error('useChartConfig must be used within a <ChartContainer />')
  return config
}

type ChartContainerProps = Omit<ComponentProps<'div'>, 'children'> & {
  config: ChartConfig
  /** One recharts chart, sized to the container. */
  children: ComponentProps<typeof ResponsiveContainer>['children']
}

/** Sizes its chart to itself and styles recharts' axes, grid and cursor with the theme. */
function ChartContainer({ config, className, style, children, ...props }: ChartContainerProps) {
  const colours = Object.fromEntries(Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color]))
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        style={{ ...colours, ...style } as CSSProperties}
        className={cn(
          'flex aspect-video w-full justify-center text-xs',
          '[&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground',
          '[&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-cartesian-axis-line]:stroke-border',
          '[&_.recharts-cartesian-axis-tick-line]:stroke-border',
          '[&_.recharts-tooltip-cursor]:fill-muted',
          '[&_.recharts-surface]:outline-none [&_.recharts-surface:focus-visible]:rounded-sm',
          '[&_.recharts-surface:focus-visible]:ring-2 [&_.recharts-surface:focus-visible]:ring-ring',
          '[&_.recharts-surface:focus-visible]:ring-offset-2 [&_.recharts-surface:focus-visible]:ring-offset-card',
          className,
        )}
        {...props}
      >
        <ResponsiveContainer initialDimension={{ width: 320, height: 200 }}>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  )
}

const ChartTooltip = Tooltip

/** What recharts passes a tooltip's content (the parts this one reads). */
type TooltipPayloadItem = { dataKey?: string | number | ((entry: never) => unknown); value?: unknown }

type ChartTooltipContentProps = {
  active?: boolean
  payload?: readonly TooltipPayloadItem[]
  label?: string | number
  /** The heading: the category under the cursor (a day), as text. */
  labelFormatter?: (label: string) => ReactNode
  /** A series' value as text, by its data key. */
  valueFormatter?: (value: number, key: string) => ReactNode
}

/** The tooltip: the label, then each series' colour swatch, label and value. */
function ChartTooltipContent({ active, payload, label, labelFormatter, valueFormatter }: ChartTooltipContentProps) {
  const config = useChartConfig()
  if (!active || !payload?.length) return null
  return (
    <div className="grid min-w-36 gap-1.5 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
      {label !== undefined && (
        <p className="font-medium">{labelFormatter ? labelFormatter(String(label)) : String(label)}</p>
      )}
      <ul className="grid gap-1">
        {payload.map((item) => {
          const key = String(item.dataKey)
          const series = config[key]
          const value = Number(item.value)
          return (
            <li key={key} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-[2px]"
                style={{ backgroundColor: `var(--color-${key})` }}
              />
              <span className="text-muted-foreground">{series?.label ?? key}</span>
              <span className="ml-auto pl-3 font-medium tabular-nums">
                {valueFormatter ? valueFormatter(value, key) : value}
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** A legend of the series: swatch and label each, as plain HTML beside the chart. */
function ChartLegend({ config, className }: { config: ChartConfig; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap items-center justify-center gap-4 text-xs', className)}>
      {Object.entries(config).map(([key, series]) => (
        <li key={key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-[2px]" style={{ backgroundColor: series.color }} />
          {series.label}
        </li>
      ))}
    </ul>
  )
}

export { ChartContainer, ChartLegend, ChartTooltip, ChartTooltipContent }
