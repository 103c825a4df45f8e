import { useMutation } from '@tanstack/react-query'

import { customerApi } from '@/lib/api-client'
import { getOrderDocument, type OrderDocument } from '@/lib/order-documents'

/** Fetches one of the customer's orders' tax invoice or credit note, by order id. */
export function useDownloadDocument(document: OrderDocument) {
  return useMutation({ mutationFn: (id: string) => getOrderDocument(customerApi, id, document) })
}
