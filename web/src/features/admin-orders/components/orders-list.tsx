import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { PagedTable } from '@/components/paged-table'
import { ActionsHead, RowActionsCell } from '@/components/row-actions'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteOrder } from '@/features/admin-orders/api/delete-order'
import { useOrders } from '@/features/admin-orders/api/get-orders'
import { InvoiceButton } from '@/features/admin-orders/components/invoice-button'
import { orderCompany } from '@/features/admin-orders/order-display'
import type { Order } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'
import { formatInr } from '@/lib/pricing'

const COLUMNS = 9

/**
 * The orders table, newest first, at the URL's ?page: tax invoice download (once issued), Edit
 * link and a confirmed Delete per order.
 */
export function OrdersList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const orders = useOrders(page)
  const deletion = useConfirmedDelete(useDeleteOrder(), {
    noun: 'order',
    keyOf: (order: Order) => order._id,
    nameOf: (order) => `the order by ${order.name}`,
  })

  return (
    <div className="space-y-6">
      <PagedTable
        query={orders}
        page={page}
        pagination={orders.data?.meta.pagination}
        noun="orders"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>City</TableHead>
            <TableHead>State</TableHead>
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

function OrderRow({ order, onDelete }: OrderRowProps) {
  return (
    <TableRow>
      <TableCell className="font-medium whitespace-nowrap">{order.name}</TableCell>
      <TableCell className="min-w-32">{order.address}</TableCell>
      <TableCell className="min-w-24">{orderCompany(order)}</TableCell>
      <TableCell>{order.city}</TableCell>
      <TableCell>{order.state}</TableCell>
      <TableCell className="text-right tabular-nums">{order.numItemsInCart}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(order.orderTotal)}</TableCell>
      <TableCell>
        <OrderStatusBadge status={order.status} />
      </TableCell>
      <RowActionsCell
        sticky
        editTo={`/admin/orders/edit/${encodeURIComponent(order._id)}`}
        onDelete={onDelete}
        className="items-center"
      >
        {/* The tax invoice exists once the order has shipped; the gap keeps the buttons in line. */}
        {order.invoiceNumber ? <InvoiceButton order={order} /> : <span aria-hidden="true" className="w-8" />}
      </RowActionsCell>
    </TableRow>
  )
}
