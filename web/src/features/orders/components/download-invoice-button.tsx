import { Download, Loader2 } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { useDownloadDocument } from '@/features/orders/api/download-document'
import { creditNoteFileName, invoiceFileName } from '@/features/orders/invoice-file'
import type { Order } from '@/lib/api-schemas'
import { saveFile } from '@/lib/save-file'

type DownloadButtonProps = { order: Pick<Order, '_id' | 'orderId'> }

/** Fetches the order's GST tax invoice and saves it as invoice-ORD1001.pdf; spins while it downloads. */
export function DownloadInvoiceButton({ order }: DownloadButtonProps) {
  const download = useDownloadDocument('invoice')
  return (
    <PdfButton
      label="Download Invoice"
      pending={download.isPending}
      onClick={() =>
        download.mutate(order._id, {
          onSuccess: (blob) => {
            saveFile(blob, invoiceFileName(order.orderId))
            toast.success('Invoice downloaded successfully')
          },
          onError: () => toast.error('Failed to download invoice'),
        })
      }
    />
  )
}

/** Fetches the order's credit note and saves it as credit-note-ORD1001.pdf. */
export function DownloadCreditNoteButton({ order }: DownloadButtonProps) {
  const download = useDownloadDocument('credit-note')
  return (
    <PdfButton
      label="Download credit note"
      variant="outline"
      pending={download.isPending}
      onClick={() =>
        download.mutate(order._id, {
          onSuccess: (blob) => {
            saveFile(blob, creditNoteFileName(order.orderId))
            toast.success('Credit note downloaded successfully')
          },
          onError: () => toast.error('Failed to download credit note'),
        })
      }
    />
  )
}

type PdfButtonProps = { label: string; pending: boolean; onClick: () => void; variant?: 'default' | 'outline' }

function PdfButton({ label, pending, onClick, variant = 'default' }: PdfButtonProps) {
  return (
    <Button
      variant={variant}
      onClick={() => {
        if (!pending) onClick()
      }}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      {label}
    </Button>
  )
}
