import { useMutation } from '@tanstack/react-query'

import { documentFileName, type OrderDocument } from '@/features/admin-orders/order-display'
import { saveFile } from '@/features/admin-orders/save-file'
import type { Order } from '@/features/admin-orders/types'
import { apiFetchBlob } from '@/lib/api-client'

const paths: Record<OrderDocument, string> = { invoice: 'invoice', 'credit-note': 'credit-note' }

/**
 * GET /orders/{id}/invoice or /orders/{id}/credit-note: the order's tax invoice or credit note as
 * a PDF (an admin may download any order's). 409 `invoice_unavailable` until the order is first
 * shipped or delivered; 409 `credit_note_unavailable` unless it was cancelled after its invoice.
 */
export function getOrderDocument(
  id: string,
  document: OrderDocument,
  token: string | undefined,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiFetchBlob(`/orders/${encodeURIComponent(id)}/${paths[document]}`, 'application/pdf', { token, signal })
}

/** GET /orders/{id}/invoice: the order's tax invoice as a PDF. */
export function getInvoice(id: string, token: string | undefined, signal?: AbortSignal): Promise<Blob> {
  return getOrderDocument(id, 'invoice', token, signal)
}

/** Downloads an order's tax invoice or credit note and saves it as invoice-{orderId}.pdf or credit-note-{orderId}.pdf. */
export function useDownloadDocument(token: string | undefined, document: OrderDocument) {
  return useMutation({
    mutationFn: async (order: Pick<Order, '_id' | 'orderId'>) => {
      saveFile(await getOrderDocument(order._id, document, token), documentFileName(document, order.orderId))
    },
  })
}
