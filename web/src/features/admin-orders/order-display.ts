import type { Order } from '@/features/admin-orders/types'

/** The company the orders table shows: the customer's, or the order's ship-to company when they have none. */
export function orderCompany(order: Pick<Order, 'company' | 'user'>): string {
  return order.user.company.trim() || order.company
}

/** The file name an order's invoice is saved under: invoice-ORD1001.pdf. */
export function invoiceFileName(orderId: string): string {
  return `invoice-${orderId.replace(/[^\w-]/g, '_')}.pdf`
}

/** The initial of a title, for a line that has no image. */
export function titleInitial(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '?'
}
