import { useMutation } from '@tanstack/react-query'

import { documentFileName } from '@/features/admin-orders/order-display'
import { adminApi } from '@/lib/api-client'
import type { Order } from '@/lib/api-schemas'
import { getOrderDocument, type OrderDocument } from '@/lib/order-documents'
import { saveFile } from '@/lib/save-file'

/** Downloads an order's tax invoice or credit note (an admin may download any order's) and saves it as invoice-{orderId}.pdf or credit-note-{orderId}.pdf. */
export function useDownloadDocument(document: OrderDocument) {
  return useMutation({
    mutationFn: async (order: Pick<Order, '_id' | 'orderId'>) => {
      saveFile(await getOrderDocument(adminApi, order._id, document), documentFileName(document, order.orderId))
    },
  })
}
