import { ArrowLeft } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { useOrder } from '@/features/orders/api/get-order'
import { DownloadCreditNoteButton, DownloadInvoiceButton } from '@/features/orders/components/download-invoice-button'
import { OrderDetailsSkeleton } from '@/features/orders/components/order-details-skeleton'
import { OrderFacts } from '@/features/orders/components/order-facts'
import { OrderItemsTable, OrderTotalsCard } from '@/features/orders/components/order-items'
import { UpiPayment } from '@/features/orders/components/upi-payment'
import { orderSummary } from '@/features/orders/order-summary'
import { isNotFound } from '@/lib/api-errors'
import type { Order } from '@/lib/api-schemas'

type OrderDetailsProps = { id: string }

/**
 * One of the customer's orders: how to pay it by UPI while that is due, its facts, lines and
 * totals, its GST tax invoice once issued (from shipping on) and its credit note when the
 * invoiced order was cancelled.
 * A missing order (or someone else's) reads 'Order not found'; any other failure goes back to /orders.
 */
export function OrderDetails({ id }: OrderDetailsProps) {
  const navigate = useNavigate()
  const order = useOrder(id)
  const notFound = isNotFound(order.error)

  useEffect(() => {
    if (!order.isError || notFound) return
    toast.error('Failed to load order details', { id: 'order-failed' })
    navigate('/orders', { replace: true })
  }, [order.isError, notFound, navigate])

  if (notFound) {
    return (
      <div className="space-y-6">
        <h1 className="border-b pb-4 text-3xl sm:text-4xl">Order not found</h1>
        <BackToOrders />
      </div>
    )
  }

  return (
    <div className="space-y-6">
      <h1 className="border-b pb-4 text-3xl sm:text-4xl">Order details</h1>
      {order.data ? <OrderView order={order.data.order} /> : <OrderDetailsSkeleton />}
    </div>
  )
}

function OrderView({ order }: { order: Order }) {
  const summary = orderSummary(order)
  return (
    <>
      {order.upiLink && (
        <UpiPayment orderId={order._id} orderNumber={order.orderId} amount={order.orderTotal} link={order.upiLink} />
      )}
      <OrderFacts order={order} />
      <section aria-labelledby="order-items-heading" className="space-y-3">
        <h2 id="order-items-heading" className="text-xl font-semibold">
          Items
        </h2>
        <OrderItemsTable summary={summary} />
      </section>
      <OrderTotalsCard summary={summary} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToOrders />
        <div className="flex flex-wrap gap-3">
          {order.creditNoteNumber && <DownloadCreditNoteButton order={order} />}
          {order.invoiceNumber && <DownloadInvoiceButton order={order} />}
        </div>
      </div>
    </>
  )
}

function BackToOrders() {
  return (
    <Button asChild variant="outline">
      <Link to="/orders">
        <ArrowLeft aria-hidden="true" />
        Back to Orders
      </Link>
    </Button>
  )
}
