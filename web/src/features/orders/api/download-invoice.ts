import { useMutation } from '@tanstack/react-query'

import { apiFetchBlob } from '@/lib/api-client'

/**
 * GET /orders/{id}/invoice: the GST tax invoice PDF, issued when the order is first marked
 * shipped or delivered; 409 `invoice_unavailable` before that.
 */
export async function downloadInvoice(id: string, token: string | undefined) {
  return apiFetchBlob(`/orders/${encodeURIComponent(id)}/invoice`, 'application/pdf', { token })
}

export function useDownloadInvoice(token: string | undefined) {
  return useMutation({ mutationFn: (id: string) => downloadInvoice(id, token) })
}
