const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

const pad = (value: number) => String(value).padStart(2, '0')

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd" ... */
export function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  switch (day % 10) {
    case 1:
      return `${day}st`
    case 2:
      return `${day}nd`
    case 3:
      return `${day}rd`
    default:
      return `${day}th`
  }
}

/**
 * When an order was placed, in the viewer's time zone, as 'hh:mm a - MMM Do, YYYY':
 * "03:05 pm - Nov 23rd, 2026". Text that is not a date comes back as it is.
 */
export function formatOrderDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  const hours = date.getHours()
  const clock = `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(date.getMinutes())} ${hours < 12 ? 'am' : 'pm'}`
  return `${clock} - ${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`
}

/** The day of an invoice or credit note, in the viewer's time zone: "Nov 23rd, 2026". */
export function formatOrderDay(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`
}

/** India's offset from UTC, in minutes: IST is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MINUTES = 330

/**
 * A moment in India time as en-IN writes it, whatever the viewer's time zone, with the zone
 * named: "25 Nov 2026, 11:30 am IST". The back office's logs use it, as their day filters are
 * India days. Text that is not a date comes back as it is.
 */
export function formatIndiaTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  const india = new Date(date.getTime() + INDIA_OFFSET_MINUTES * 60_000)
  const hours = india.getUTCHours()
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${pad(india.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}, ${clock} IST`
}
