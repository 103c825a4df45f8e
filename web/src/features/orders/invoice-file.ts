/** The name an order's invoice is saved under: invoice-ORD1001.pdf. */
export function invoiceFileName(orderId: string): string {
  return `invoice-${orderId}.pdf`
}

/** The name an order's credit note is saved under: credit-note-ORD1001.pdf. */
export function creditNoteFileName(orderId: string): string {
  return `credit-note-${orderId}.pdf`
}
