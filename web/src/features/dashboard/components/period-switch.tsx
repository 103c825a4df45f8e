import { useRef, type KeyboardEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { focusRing } from '@/components/ui/focus-ring'
import {
  DASHBOARD_PERIODS,
  daysSearch,
  periodIndexAfter,
  type DashboardDays,
} from '@/features/dashboard/dashboard-display'
import { cn } from '@/lib/utils'

/**
 * The period as segmented buttons with radio-group semantics: Tab reaches the chosen period and
 * the arrow keys (Home, End) move to and choose another at once. The choice lives in the URL
 * (?days=). Written by hand rather than on Radix's RadioGroup, which chooses on a focus that comes
 * a tick after the key, and so misses a key released quickly.
 */
export function PeriodSwitch({ days }: { days: DashboardDays }) {
  const { search } = useLocation()
  const navigate = useNavigate()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const choose = (period: DashboardDays) => navigate({ search: daysSearch(search, period) }, { replace: true })

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = periodIndexAfter(event.key, index)
    const period = next === null ? undefined : DASHBOARD_PERIODS[next]
    if (next === null || period === undefined) return
    event.preventDefault()
    buttons.current[next]?.focus()
    choose(period)
  }

  return (
    <div role="radiogroup" aria-label="Period" className="inline-flex rounded-lg border bg-card p-1 shadow-sm">
      {DASHBOARD_PERIODS.map((period, index) => {
        const checked = period === days
        return (
          <button
            key={period}
            ref={(button) => {
              buttons.current[index] = button
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => choose(period)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
              'hover:bg-accent hover:text-accent-foreground',
              'aria-checked:bg-primary aria-checked:text-primary-foreground',
              focusRing,
            )}
          >
            {period} days
          </button>
        )
      })}
    </div>
  )
}
