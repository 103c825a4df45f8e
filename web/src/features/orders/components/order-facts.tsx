import type { ReactNode } from 'react'

import { OrderStatusBadge } from '@/components/order-status-badge'
import { PaymentBadge, paymentMethodText } from '@/components/payment-badge'
import { Card, CardContent } from '@/components/ui/card'
import { formatOrderDate, formatOrderDay } from '@/lib/format-order-date'
import type { Order } from '@/lib/api-schemas'

/**
 * Who ordered what when: the order's number, status, date, how it is paid and whether it is,
 * customer, company, the delivery address with its PIN code and the phone for the courier, then
 * its GST facts: the place of supply, the buyer's GSTIN, and the invoice and credit note once
 * issued.
 */
export function OrderFacts({ order }: { order: Order }) {
  const cityLine = [order.city, order.pinCode].filter((part) => part.trim() !== '').join(' ')
  const address = [order.address, cityLine, order.state].filter((part) => part.trim() !== '').join(', ')
  return (
    <Card>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Order ID">{order.orderId}</Fact>
          <Fact label="Status">
            <OrderStatusBadge status={order.status} />
          </Fact>
          <Fact label="Date">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </Fact>
          <Fact label="Payment">
            <span className="flex flex-wrap items-center gap-2">
              {paymentMethodText(order.paymentMethod)}
              <PaymentBadge status={order.paymentStatus} />
            </span>
          </Fact>
          <Fact label="Customer">{order.user.username}</Fact>
          <Fact label="Company">{order.company || order.user.company || '—'}</Fact>
          <Fact label="Address">{address || '—'}</Fact>
          {order.phone && <Fact label="Phone">{order.phone}</Fact>}
          {order.placeOfSupply && (
            <Fact label="Place of supply">
              {order.placeOfSupply.state} ({String(order.placeOfSupply.code).padStart(2, '0')})
            </Fact>
          )}
          {order.buyerGstin && <Fact label="Buyer GSTIN">{order.buyerGstin}</Fact>}
          {order.invoiceNumber && <Fact label="Invoice number">{order.invoiceNumber}</Fact>}
          {order.invoiceNumber && order.invoiceDate && (
            <Fact label="Invoice date">
              <time dateTime={order.invoiceDate}>{formatOrderDay(order.invoiceDate)}</time>
            </Fact>
          )}
          {order.creditNoteNumber && <Fact label="Credit note number">{order.creditNoteNumber}</Fact>}
          {order.creditNoteNumber && order.creditNoteDate && (
            <Fact label="Credit note date">
              <time dateTime={order.creditNoteDate}>{formatOrderDay(order.creditNoteDate)}</time>
            </Fact>
          )}
        </dl>
      </CardContent>
    </Card>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  )
}
