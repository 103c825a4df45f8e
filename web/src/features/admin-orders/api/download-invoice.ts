import { useMutation } from '@tanstack/react-query'

import { invoiceFileName } from '@/features/admin-orders/order-display'
import { saveFile } from '@/features/admin-orders/save-file'
import type { Order } from '@/features/admin-orders/types'
import { apiFetchBlob } from '@/lib/api-client'

/** GET /orders/{id}/invoice: the order's invoice as a PDF (an admin may download any order's). */
export function getInvoice(id: string, token: string | undefined, signal?: AbortSignal): Promise<Blob> {
  return apiFetchBlob(`/orders/${encodeURIComponent(id)}/invoice`, 'application/pdf', { token, signal })
}

/** Downloads an order's invoice and saves it as invoice-{orderId}.pdf. */
export function useDownloadInvoice(token: string | undefined) {
  return useMutation({
    mutationFn: async (order: Pick<Order, '_id' | 'orderId'>) => {
      saveFile(await getInvoice(order._id, token), invoiceFileName(order.orderId))
    },
  })
}
