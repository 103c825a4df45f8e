import type { AuditAction, AuditEntity, AuditEntry } from '@/lib/api-schemas'
import { formatIndiaTime } from '@/lib/format-order-date'
import { capitalize } from '@/lib/text'

/** The filter's choices, in the order the entity select offers them (after "All"). */
export const ENTITY_OPTIONS: readonly { value: AuditEntity; label: string }[] = [
  { value: 'product', label: 'Products' },
  { value: 'category', label: 'Categories' },
  { value: 'user', label: 'Users' },
  { value: 'admin', label: 'Admins' },
  { value: 'order', label: 'Orders' },
  { value: 'coupon', label: 'Coupons' },
]

const entityNames: Record<AuditEntity, string> = {
  product: 'Product',
  category: 'Category',
  user: 'User',
  admin: 'Admin',
  order: 'Order',
  coupon: 'Coupon',
}

/** A kind of record, singular, as a row names it: 'product' -> "Product". */
export function entityLabel(entity: AuditEntity): string {
  return entityNames[entity] ?? capitalize(entity)
}

const actionNames: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  import: 'Imported',
}

/** What was done, as the action badge says it: 'create' -> "Created". */
export function actionLabel(action: AuditAction): string {
  return actionNames[action] ?? capitalize(action)
}

const editPaths: Record<AuditEntity, string> = {
  product: '/admin/products/edit/',
  category: '/admin/category/edit/',
  user: '/admin/users/edit/',
  admin: '/admin/admins/edit/',
  order: '/admin/orders/edit/',
  coupon: '/admin/coupons/edit/',
}

/**
 * The back-office edit screen of the record an entry is about, or null when the entry deleted it
 * (or names no record, as an import of many may not).
 */
export function recordPath(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'action'>): string | null {
  const base = editPaths[entry.entity]
  if (!base || entry.action === 'delete' || !entry.entityId) return null
  return `${base}${encodeURIComponent(entry.entityId)}`
}

/** How a row names its record: its name when written (a product's title), else its id, else a dash. */
export function recordName(entry: Pick<AuditEntry, 'entityId' | 'entityLabel'>): string {
  return entry.entityLabel.trim() || entry.entityId || '—'
}

/** Words that keep their own capitals when a field name is spelt out. */
const NAMES: Record<string, string> = {
  id: 'ID',
  gst: 'GST',
  gstin: 'GSTIN',
  hsn: 'HSN',
  pin: 'PIN',
  upi: 'UPI',
  otp: 'OTP',
  cod: 'COD',
  url: 'URL',
  sku: 'SKU',
}

/**
 * A field name as a label, in sentence case: "sellingPrice" -> "Selling price", "buyerGstin" ->
 * "Buyer GSTIN", "pinCode" -> "PIN code", "image1" -> "Image 1", "_id" -> "ID".
 */
export function humanizeField(name: string): string {
  const words = name
    .split(/[_\s-]+|(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-zA-Z])(?=\d)/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
  if (words.length === 0) return name
  return capitalize(words.map((word) => NAMES[word] ?? word).join(' '))
}

/** How a value is shown: a dash for none, plain text, or a compact JSON preview (in a <code>). */
export type ShownValue = { kind: 'none' | 'text' | 'code'; text: string }

/** The longest text or JSON preview a change shows; longer ones are cut with "…". */
export const MAX_VALUE_LENGTH = 120
/** The longest list of plain values shown as JSON; longer ones are counted instead. */
const MAX_LIST_PREVIEW = 60

function cut(text: string, max = MAX_VALUE_LENGTH): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

/** A field's value before or after a change, as JSON gives it: null when it had none. */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue }

/**
 * One side of a change as the display reads it. The API types a change's sides as `unknown` (a
 * field may hold anything); from JSON they are always JSON values, and anything else (undefined,
 * a function) is left out as JSON.stringify leaves it out.
 */
export function readAuditValue(value: unknown): AuditValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value
  }
  if (Array.isArray(value)) return value.map((item) => readAuditValue(item) ?? null)
  if (typeof value !== 'object') return undefined
  const fields: { [key: string]: AuditValue } = {}
  for (const [key, item] of Object.entries(value)) {
    const read = readAuditValue(item)
    if (read !== undefined) fields[key] = read
  }
  return fields
}

const isPlain = (value: AuditValue) => value === null || typeof value !== 'object'

/** An RFC 3339 moment as the API writes one (an invoice date): 2026-11-25T06:51:45.375Z. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * One side of a change as the audit log shows it: null as "—", an empty text as "(empty)", true
 * and false as "Yes" and "No", a moment in India time, numbers and text as they are (long text
 * cut), a short list of plain values as JSON and any other list as its length ("3 items"), empty
 * slots (null) left out, an object as a short JSON preview.
 */
export function formatChangeValue(value: AuditValue | undefined): ShownValue {
  if (value === null || value === undefined) return { kind: 'none', text: '—' }
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'Yes' : 'No' }
  if (typeof value === 'number') return { kind: 'text', text: String(value) }
  if (typeof value === 'string') {
    if (value === '') return { kind: 'none', text: '(empty)' }
    return { kind: 'text', text: MOMENT.test(value) ? formatIndiaTime(value) : cut(value) }
  }
  if (Array.isArray(value)) {
    // Empty slots (a product's five image slots) are not items.
    const items = value.filter((item) => item !== null)
    if (items.length === 0) return { kind: 'text', text: 'No items' }
    const json = JSON.stringify(items)
    if (items.every(isPlain) && json.length <= MAX_LIST_PREVIEW) return { kind: 'code', text: json }
    return { kind: 'text', text: items.length === 1 ? '1 item' : `${items.length} items` }
  }
  return { kind: 'code', text: cut(JSON.stringify(value)) }
}

/** One line of an entry's changes: a field's label with its before and after, or a note (a password). */
export type ChangeLine =
  | { field: string; label: string; kind: 'change'; before: ShownValue; after: ShownValue }
  | { field: string; label: string; kind: 'note'; text: string }

/** An entry's changes as lines, in the API's order; a password change only says that it changed. */
export function changeLines(changes: AuditEntry['changes']): ChangeLine[] {
  return Object.entries(changes).map(([field, pair]) => {
    const label = humanizeField(field)
    if (field === 'password') return { field, label, kind: 'note', text: 'Password changed' }
    const [before, after] = pair.map(readAuditValue)
    return { field, label, kind: 'change', before: formatChangeValue(before), after: formatChangeValue(after) }
  })
}
