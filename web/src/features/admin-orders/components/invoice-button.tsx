import { FileDown, Loader2 } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { useDownloadDocument } from '@/features/admin-orders/api/download-document'
import { ApiError } from '@/lib/api-errors'
import type { Order } from '@/lib/api-schemas'
import type { OrderDocument } from '@/lib/order-documents'

const words: Record<OrderDocument, { button: string; done: string; failed: string }> = {
  invoice: {
    button: 'Download tax invoice',
    done: 'Invoice downloaded successfully',
    failed: 'Failed to download invoice',
  },
  'credit-note': {
    button: 'Download credit note',
    done: 'Credit note downloaded successfully',
    failed: 'Failed to download credit note',
  },
}

type InvoiceButtonProps = {
  order: Pick<Order, '_id' | 'orderId'>
  /** Which PDF: the tax invoice (default) or the credit note. */
  document?: OrderDocument
  /** An icon button for table rows (default), or a button that says what it downloads. */
  labelled?: boolean
}

/**
 * A button that downloads the order's tax invoice (invoice-ORD1001.pdf) or credit note
 * (credit-note-ORD1001.pdf), spinning while it does. Each has its own, so several downloads can
 * run at once. A refusal (not issued yet) shows the server's reason.
 */
export function InvoiceButton({ order, document = 'invoice', labelled = false }: InvoiceButtonProps) {
  const download = useDownloadDocument(document)
  const text = words[document]

  function handleClick() {
    // aria-disabled rather than disabled while busy, so keyboard focus stays on the button.
    if (download.isPending) return
    download.mutate(order, {
      onSuccess: () => toast.success(text.done),
      onError: (error) =>
        toast.error(text.failed, {
          description: error instanceof ApiError && error.status !== 0 ? error.message : undefined,
        }),
    })
  }

  const icon = download.isPending ? (
    <Loader2 aria-hidden="true" className="animate-spin" />
  ) : (
    <FileDown aria-hidden="true" />
  )
  const busy = { 'aria-disabled': download.isPending || undefined, 'aria-busy': download.isPending || undefined }

  if (labelled) {
    return (
      <Button type="button" variant="outline" size="sm" {...busy} onClick={handleClick}>
        {icon}
        {text.button}
      </Button>
    )
  }
  const name = `${document === 'invoice' ? 'Download invoice' : 'Download credit note'} for ${order.orderId}`
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="w-8 px-0"
      aria-label={name}
      title={name}
      {...busy}
      onClick={handleClick}
    >
      {icon}
    </Button>
  )
}
