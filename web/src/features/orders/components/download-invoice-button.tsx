import { Download, Loader2 } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { useDownloadInvoice } from '@/features/orders/api/download-invoice'
import { invoiceFileName, saveBlob } from '@/features/orders/invoice-file'
import type { Order } from '@/features/orders/types'

type DownloadInvoiceButtonProps = { order: Pick<Order, '_id' | 'orderId'>; token: string }

/** Fetches the order's PDF invoice and saves it as invoice-ORD1001.pdf; spins while it downloads. */
export function DownloadInvoiceButton({ order, token }: DownloadInvoiceButtonProps) {
  const download = useDownloadInvoice(token)

  function handleClick() {
    if (download.isPending) return
    download.mutate(order._id, {
      onSuccess: (blob) => {
        saveBlob(blob, invoiceFileName(order.orderId))
        toast.success('Invoice downloaded successfully')
      },
      onError: () => toast.error('Failed to download invoice'),
    })
  }

  return (
    <Button onClick={handleClick} disabled={download.isPending} aria-busy={download.isPending || undefined}>
      {download.isPending ? (
        <Loader2 aria-hidden="true" className="animate-spin" />
      ) : (
        <Download aria-hidden="true" />
      )}
      Download Invoice
    </Button>
  )
}
