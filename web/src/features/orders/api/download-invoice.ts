import { useMutation } from '@tanstack/react-query'

import { apiFetchBlob } from '@/lib/api-client'

/** GET /orders/{id}/invoice: the PDF of a delivered order; 409 `invoice_unavailable` before delivery. */
export async function downloadInvoice(id: string, token: string | undefined) {
  return apiFetchBlob(`/orders/${encodeURIComponent(id)}/invoice`, 'application/pdf', { token })
}

export function useDownloadInvoice(token: string | undefined) {
  return useMutation({ mutationFn: (id: string) => downloadInvoice(id, token) })
}
