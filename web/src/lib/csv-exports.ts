// The back office's CSV exports (GET /orders/export.csv, GET /products/export.csv).
import { adminApi } from '@/lib/api-client'
import type { OrderStatus } from '@/lib/api-schemas'

const csvDownload = { parseAs: 'blob', headers: { Accept: 'text/csv, application/json' } } as const

/** The orders of the last 30 days (the server's default), optionally of one status: one row per order line. */
export function exportOrders(status: OrderStatus | undefined): Promise<Blob> {
  return adminApi.GET('/api/v1/orders/export.csv', { params: { query: status ? { status } : {} }, ...csvDownload })
}

/** Every product, in the columns a product import reads. */
export function exportProducts(): Promise<Blob> {
  return adminApi.GET('/api/v1/products/export.csv', csvDownload)
}
