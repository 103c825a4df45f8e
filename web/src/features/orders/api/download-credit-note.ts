import { useMutation } from '@tanstack/react-query'

import { apiFetchBlob } from '@/lib/api-client'

/** GET /orders/{id}/credit-note: the credit note PDF of an invoiced order that was cancelled. */
export async function downloadCreditNote(id: string, token: string | undefined) {
  return apiFetchBlob(`/orders/${encodeURIComponent(id)}/credit-note`, 'application/pdf', { token })
}

export function useDownloadCreditNote(token: string | undefined) {
  return useMutation({ mutationFn: (id: string) => downloadCreditNote(id, token) })
}
