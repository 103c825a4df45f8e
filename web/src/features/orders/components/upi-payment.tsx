import { useQuery } from '@tanstack/react-query'
import { Smartphone } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { orderKeys } from '@/features/orders/api/order-keys'
import { customerApi } from '@/lib/api-client'
import { formatInr } from '@/lib/pricing'
import { useObjectUrl } from '@/lib/use-object-url'

type UpiPaymentProps = {
  orderId: string
  /** The order's number, which the payment note carries. */
  orderNumber: string
  amount: number
  /** The `upi://pay` link for the exact amount. */
  link: string
}

/** GET /orders/{id}/upi-qr: the payment link's QR code as an SVG image. */
function getUpiQr(id: string, signal?: AbortSignal) {
  return customerApi.GET('/api/v1/orders/{id}/upi-qr', {
    params: { path: { id } },
    parseAs: 'blob',
    headers: { Accept: 'image/svg+xml, application/json' },
    signal,
  })
}

/**
 * How to pay an unpaid UPI order: its QR code to scan with any UPI app, and on a phone a button
 * that opens one, both for the exact amount with the order number as the note. The shop marks
 * the order paid when the money arrives.
 */
export function UpiPayment({ orderId, orderNumber, amount, link }: UpiPaymentProps) {
  const qr = useQuery({
    queryKey: [...orderKeys.detail(orderId), 'upi-qr', link],
    queryFn: ({ signal }) => getUpiQr(orderId, signal),
    staleTime: Infinity,
  })
  const src = useObjectUrl(qr.data ?? null)
  const payee = new URLSearchParams(link.slice(link.indexOf('?') + 1)).get('pa') ?? ''
  return (
    <Card aria-labelledby="upi-payment-heading" role="region" className="border-primary">
      <CardContent className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
        <div className="mx-auto size-52 rounded-lg bg-white p-2 sm:mx-0">
          {src ? (
            <img src={src} alt={`UPI QR code to pay ${formatInr(amount)} for order ${orderNumber}`} className="size-48" />
          ) : qr.isError ? (
            <p role="alert" className="grid size-48 place-items-center text-center text-sm text-neutral-700">
              The QR code could not be loaded. Use the UPI ID instead.
            </p>
          ) : (
            <Skeleton className="size-48 bg-neutral-200" />
          )}
        </div>
        <div className="space-y-3">
          <h2 id="upi-payment-heading" className="text-xl font-semibold">
            Pay {formatInr(amount)} by UPI
          </h2>
          <p className="text-sm text-muted-foreground">
            Scan the code with any UPI app, or pay to <strong className="text-foreground">{payee}</strong> with{' '}
            <strong className="text-foreground">{orderNumber}</strong> as the note. We mark your order paid as soon as
            the money reaches us.
          </p>
          <Button asChild className="w-full sm:w-auto">
            <a href={link}>
              <Smartphone aria-hidden="true" />
              Pay with a UPI app
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
