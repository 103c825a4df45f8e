import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { PaymentBadge, paymentMethodText } from '@/components/payment-badge'
import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { ActionsHead, RowActions, RowActionsCell } from '@/components/row-actions'
import { SearchForm } from '@/components/search-form'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteOrder } from '@/features/admin-orders/api/delete-order'
import { useOrders } from '@/features/admin-orders/api/get-orders'
import { InvoiceButton } from '@/features/admin-orders/components/invoice-button'
import { readStatus, StatusFilter } from '@/features/admin-orders/components/status-filter'
import { orderCompany } from '@/features/admin-orders/order-display'
import type { Order } from '@/lib/api-schemas'
import { formatOrderDate } from '@/lib/format-order-date'
import { readPage } from '@/lib/page-search'
import { formatInr } from '@/lib/pricing'

const COLUMNS = 7

const editPath = (order: Order) => `/admin/orders/edit/${encodeURIComponent(order._id)}`
const shipToPlace = (order: Order) => [order.city, order.state].filter(Boolean).join(', ')

/**
 * The orders table, newest first, at the URL's ?page, narrowed by its ?q (order number, name,
 * e-mail or company) and ?status: tax invoice download (once issued), Edit link and a confirmed
 * Delete per order.
 */
export function OrdersList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const q = searchParams.get('q')?.trim() ?? ''
  const status = readStatus(searchParams)
  const orders = useOrders({ page, q, status })
  const deletion = useConfirmedDelete(useDeleteOrder(), {
    noun: 'order',
    keyOf: (order: Order) => order._id,
    nameOf: (order) => `the order by ${order.name}`,
  })

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <SearchForm q={q} label="Search orders" className="flex-1" />
        <StatusFilter status={status} />
      </div>
      <PagedTable
        query={orders}
        page={page}
        pagination={orders.data?.meta.pagination}
        noun="orders"
        columns={COLUMNS}
        cards={orders.data?.data.map((order) => (
          <OrderCard key={order._id} order={order} onDelete={() => deletion.ask(order)} />
        ))}
        head={
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Ship to</TableHead>
            <TableHead className="text-right">Items</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead>Status</TableHead>
            <ActionsHead sticky />
          </TableRow>
        }
      >
        {orders.data?.data.map((order) => (
          <OrderRow key={order._id} order={order} onDelete={() => deletion.ask(order)} />
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}

type OrderRowProps = { order: Order; onDelete: () => void }

/** The payment method under the payment badge in a table row, where space is short. */
const paymentShort = { cod: 'COD', upi: 'UPI' } as const

function OrderRow({ order, onDelete }: OrderRowProps) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <span className="font-medium">{order.orderId}</span>
        <time dateTime={order.createdAt} className="block text-sm text-muted-foreground">
          {formatOrderDate(order.createdAt)}
        </time>
      </TableCell>
      <TableCell className="min-w-28">
        <span className="font-medium">{order.name}</span>
        <span className="block text-sm text-muted-foreground">{orderCompany(order)}</span>
      </TableCell>
      <TableCell className="min-w-40">
        {order.address}
        <span className="block text-sm text-muted-foreground">{shipToPlace(order)}</span>
      </TableCell>
      <TableCell className="text-right tabular-nums">{order.numItemsInCart}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(order.orderTotal)}</TableCell>
      <TableCell className="whitespace-nowrap">
        <OrderStatusBadge status={order.status} />
        {/* The payment under the status: a column of its own would not fit beside the actions at 1280 px. */}
        <span className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          {paymentShort[order.paymentMethod]}
          <PaymentBadge status={order.paymentStatus} />
        </span>
      </TableCell>
      <RowActionsCell
        sticky
        editTo={editPath(order)}
        onDelete={onDelete}
        className="items-center"
      >
        {/* The tax invoice exists once the order has shipped; the gap keeps the buttons in line. */}
        {order.invoiceNumber ? <InvoiceButton order={order} /> : <span aria-hidden="true" className="w-8" />}
      </RowActionsCell>
    </TableRow>
  )
}

/** A phone's order: number, date and status, who and where, items and total, and the row's actions. */
function OrderCard({ order, onDelete }: OrderRowProps) {
  const company = orderCompany(order)
  return (
    <RecordCard
      title={order.orderId}
      subtitle={<time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>}
      badge={<OrderStatusBadge status={order.status} />}
      actions={
        <RowActions editTo={editPath(order)} onDelete={onDelete} label={`order ${order.orderId}`} className="flex-wrap">
          {order.invoiceNumber && <InvoiceButton order={order} />}
        </RowActions>
      }
    >
      <RecordField label="Name">
        {order.name}
        {company && <span className="block text-muted-foreground">{company}</span>}
      </RecordField>
      <RecordField label="Ship to">
        {order.address}
        <span className="block text-muted-foreground">{shipToPlace(order)}</span>
      </RecordField>
      <RecordField label="Items">
        <span className="tabular-nums">{order.numItemsInCart}</span>
      </RecordField>
      <RecordField label="Total">
        <span className="font-medium tabular-nums">{formatInr(order.orderTotal)}</span>
      </RecordField>
      <RecordField label="Payment">
        <span className="flex flex-wrap items-center gap-2">
          {paymentMethodText(order.paymentMethod)}
          <PaymentBadge status={order.paymentStatus} />
        </span>
      </RecordField>
    </RecordCard>
  )
}
