import type { Order } from '@/lib/api-schemas'
import type { OrderDocument } from '@/lib/order-documents'

/** The company the orders table shows: the customer's, or the order's ship-to company when they have none. */
export function orderCompany(order: Pick<Order, 'company' | 'user'>): string {
  return order.user.company.trim() || order.company
}

/** The file name an order's document is saved under: invoice-ORD1001.pdf, credit-note-ORD1001.pdf. */
export function documentFileName(document: OrderDocument, orderId: string): string {
  return `${document}-${orderId.replace(/[^\w-]/g, '_')}.pdf`
}

/** The day a tax document was issued, as the back-office shows it: 24 Nov 2026. */
export function formatDocumentDate(rfc3339: string): string {
  const date = new Date(rfc3339)
  if (Number.isNaN(date.getTime())) return rfc3339
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(date)
}

/** The initial of a title, for a line that has no image. */
export function titleInitial(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '?'
}
