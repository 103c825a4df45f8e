import type { ReactNode } from 'react'

import { InvoiceButton } from '@/features/admin-orders/components/invoice-button'
import { SectionCard } from '@/features/admin-orders/components/section-card'
import { formatDocumentDate } from '@/features/admin-orders/order-display'
import type { Order } from '@/lib/api-schemas'

type OrderDocumentsProps = {
  order: Pick<
    Order,
    '_id' | 'orderId' | 'buyerGstin' | 'invoiceNumber' | 'invoiceDate' | 'creditNoteNumber' | 'creditNoteDate'
  >
}

/**
 * The order's GST paperwork: the buyer's GSTIN, the tax invoice (issued when the order is first
 * shipped or delivered) and the credit note (issued when an invoiced order is cancelled), each
 * with its number, date and a download.
 */
export function OrderDocuments({ order }: OrderDocumentsProps) {
  return (
    <SectionCard title="Tax documents">
      <dl className="grid items-start gap-4 sm:grid-cols-2">
        <Fact label="Buyer GSTIN">
          {order.buyerGstin ? (
            <dd className="font-mono font-medium break-all">{order.buyerGstin}</dd>
          ) : (
            <dd className="text-sm text-muted-foreground">None: a sale to a consumer.</dd>
          )}
        </Fact>
        <Fact label="Tax invoice">
          {order.invoiceNumber ? (
            <Issued number={order.invoiceNumber} date={order.invoiceDate}>
              <InvoiceButton order={order} document="invoice" labelled />
            </Issued>
          ) : (
            <dd className="text-sm text-muted-foreground">Issued when the order is first marked shipped or delivered.</dd>
          )}
        </Fact>
        {order.invoiceNumber && (
          <Fact label="Credit note">
            {order.creditNoteNumber ? (
              <Issued number={order.creditNoteNumber} date={order.creditNoteDate}>
                <InvoiceButton order={order} document="credit-note" labelled />
              </Issued>
            ) : (
              <dd className="text-sm text-muted-foreground">Issued if the order is cancelled.</dd>
            )}
          </Fact>
        )}
      </dl>
    </SectionCard>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {children}
    </div>
  )
}

function Issued({ number, date, children }: { number: string; date: string | null | undefined; children: ReactNode }) {
  return (
    <dd className="grid justify-items-start gap-2">
      <span>
        <span className="font-mono font-medium">{number}</span>
        {date && <span className="text-sm text-muted-foreground"> · {formatDocumentDate(date)}</span>}
      </span>
      {children}
    </dd>
  )
}
