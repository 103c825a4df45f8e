// What the dashboard shows, worked out from the API's answer: the period from the URL, changes
// against the previous period, short dates and axis labels. Pure functions over plain data.
import type { Dashboard } from '@/lib/api-schemas'

/** The periods the dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const
export type DashboardDays = (typeof DASHBOARD_PERIODS)[number]

/** The period when the URL names none (the API's default too). */
export const DEFAULT_DAYS: DashboardDays = 30

/** The period from the URL's `days` param: 7, 30 or 90, else 30. */
export function readDays(params: URLSearchParams): DashboardDays {
  const days = Number(params.get('days'))
  return DASHBOARD_PERIODS.find((period) => period === days) ?? DEFAULT_DAYS
}

/** The query string with `days` set to the period; every other param of `search` is kept. */
export function daysSearch(search: string, days: DashboardDays): string {
  const params = new URLSearchParams(search)
  params.set('days', String(days))
  return `?${params.toString()}`
}

/** Which period an arrow, Home or End key moves to from `index`, wrapping around; null for other keys. */
export function periodIndexAfter(key: string, index: number): number | null {
  const last = DASHBOARD_PERIODS.length - 1
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return index === last ? 0 : index + 1
    case 'ArrowLeft':
    case 'ArrowUp':
      return index === 0 ? last : index - 1
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}

/**
 * How a figure moved against the previous period: its direction and the change in percent of the
 * previous figure (not rounded), or null when the previous figure was 0 and no percent exists.
 * Figures are counts or rupees to the paisa, so they are compared in paise: a float's last bits
 * never make an unchanged amount look changed.
 */
export type Change = { direction: 'up' | 'down' | 'same'; percent: number } | null

export function percentChange(current: number, previous: number): Change {
  if (Math.round(previous * 100) === 0) return null
  if (Math.round(current * 100) === Math.round(previous * 100)) return { direction: 'same', percent: 0 }
  const percent = ((current - previous) / Math.abs(previous)) * 100
  return { direction: percent > 0 ? 'up' : 'down', percent }
}

const percentText = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'always' })

/**
 * The change as words: "+12.5% vs previous 30 days", "-8% vs previous 30 days", "No change vs
 * previous 30 days", "Slightly up vs previous 30 days" under 0.05%; "No orders in the previous 30
 * days" when that period had none, and `nothingBefore` when it had orders but the figure was 0.
 */
export function changeText(change: Change, days: number, previousOrders: number, nothingBefore: string): string {
  const previous = `previous ${days} days`
  if (previousOrders === 0) return `No orders in the ${previous}`
  if (change === null) return nothingBefore
  if (change.direction === 'same') return `No change vs ${previous}`
  if (Math.abs(change.percent) < 0.05) return `Slightly ${change.direction} vs ${previous}`
  return `${percentText.format(change.percent / 100)} vs ${previous}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** A `2026-11-25` day as its parts; the API's days are India days, so no time zone applies. */
function dayParts(date: string) {
  const [year = '', month = '', day = ''] = date.split('-')
  return { year, month: MONTHS[Number(month) - 1] ?? month, day: String(Number(day)) }
}

/** `2026-11-25` -> "25 Nov", for axis ticks. */
export function shortDay(date: string): string {
  const { day, month } = dayParts(date)
  return `${day} ${month}`
}

/** `2026-11-25` -> "25 Nov 2026". */
export function longDay(date: string): string {
  const { day, month, year } = dayParts(date)
  return `${day} ${month} ${year}`
}

/** The period's first and last day: "27 Oct – 25 Nov 2026", or "27 Dec 2025 – 25 Jan 2026" across a year. */
export function periodRange(from: string, to: string): string {
  const first = dayParts(from)
  const last = dayParts(to)
  const start = first.year === last.year ? `${first.day} ${first.month}` : longDay(from)
  return `${start} – ${longDay(to)}`
}

const countText = new Intl.NumberFormat('en-IN')

/** A count with en-IN grouping: 123456 -> "1,23,456". */
export const formatCount = (count: number): string => countText.format(count)

const compactInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
})

/**
 * A revenue axis tick, short enough for a phone: 0 -> "₹0", 12000 -> "₹12K", 150000 -> "₹1.5L".
 * Only for the scale of an axis; amounts themselves are shown with formatInr.
 */
export const axisInr = (amount: number): string => compactInr.format(amount)

/** The order statuses in the order an order goes through them, cancelled last. */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const

/** Each status with its count (0 when the answer leaves it out), in ORDER_STATUSES order. */
export function statusCounts(byStatus: Dashboard['byStatus']) {
  return ORDER_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 }))
}

/** A bar's length in percent of the longest, at least a sliver when the count is not 0. */
export function barPercent(count: number, largest: number): number {
  if (count <= 0 || largest <= 0) return 0
  return Math.max(2, Math.round((count / largest) * 100))
}
