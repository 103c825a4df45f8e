// An order's PDFs, which the customer's and the back office's order screens both download.
import { pdfDownload, type ApiClient } from '@/lib/api-client'

/** The tax invoice, or the credit note of an invoiced order that was cancelled. */
export type OrderDocument = 'invoice' | 'credit-note'

/**
 * GET /orders/{id}/invoice or /orders/{id}/credit-note as `api`'s session: the PDF. 409
 * `invoice_unavailable` until the order is first shipped or delivered; 409
 * `credit_note_unavailable` unless it was cancelled after its invoice.
 */
export function getOrderDocument(api: ApiClient, id: string, document: OrderDocument, signal?: AbortSignal) {
  const path = document === 'invoice' ? '/api/v1/orders/{id}/invoice' : '/api/v1/orders/{id}/credit-note'
  return api.GET(path, { params: { path: { id } }, ...pdfDownload, signal })
}
