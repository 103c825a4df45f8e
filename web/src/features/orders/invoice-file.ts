/** The name an order's invoice is saved under: invoice-ORD1001.pdf. */
export function invoiceFileName(orderId: string): string {
  return `invoice-${orderId}.pdf`
}

/** The name an order's credit note is saved under: credit-note-ORD1001.pdf. */
export function creditNoteFileName(orderId: string): string {
  return `credit-note-${orderId}.pdf`
}

/** Hands `blob` to the browser as a download named `fileName`, through a temporary object URL and link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a little later: some browsers still read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
