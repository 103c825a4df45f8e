import { FileDown, Loader2 } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { useDownloadInvoice } from '@/features/admin-orders/api/download-invoice'
import type { Order } from '@/features/admin-orders/types'
import { ApiError } from '@/lib/api-client'

type InvoiceButtonProps = { order: Pick<Order, '_id' | 'orderId'>; token: string | undefined }

/**
 * An icon button that downloads the order's PDF invoice as invoice-ORD1001.pdf, spinning while it
 * does. Each row has its own, so several downloads can run at once.
 */
export function InvoiceButton({ order, token }: InvoiceButtonProps) {
  const download = useDownloadInvoice(token)

  function handleClick() {
    // aria-disabled rather than disabled while busy, so keyboard focus stays on the button.
    if (download.isPending) return
    download.mutate(order, {
      onSuccess: () => toast.success('Invoice downloaded successfully'),
      onError: (error) =>
        toast.error('Failed to download invoice', {
          description: error instanceof ApiError && error.status !== 0 ? error.message : undefined,
        }),
    })
  }

  return (
    <Button
      variant="outline"
      size="sm"
      className="w-8 px-0"
      aria-label={`Download invoice for ${order.orderId}`}
      title={`Download invoice for ${order.orderId}`}
      aria-disabled={download.isPending || undefined}
      aria-busy={download.isPending || undefined}
      onClick={handleClick}
    >
      {download.isPending ? (
        <Loader2 aria-hidden="true" className="animate-spin" />
      ) : (
        <FileDown aria-hidden="true" />
      )}
    </Button>
  )
}
