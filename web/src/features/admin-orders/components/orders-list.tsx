import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { OrderStatusBadge } from '@/components/order-status-badge'
import { PagedTable } from '@/components/paged-table'
import { Button } from '@/components/ui/button'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useDeleteOrder } from '@/features/admin-orders/api/delete-order'
import { useOrders } from '@/features/admin-orders/api/get-orders'
import { InvoiceButton } from '@/features/admin-orders/components/invoice-button'
import { orderCompany } from '@/features/admin-orders/order-display'
import { errorMessage } from '@/lib/api-errors'
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
  const deleteOrder = useDeleteOrder()
  const [target, setTarget] = useState<Order | null>(null)

  function confirmDelete() {
    if (!target) return
    deleteOrder.mutate(target._id, {
      onSuccess: () => toast.success('Order deleted'),
      // A staff admin (403) gets the server's reason, which names the role needed.
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete order')),
      onSettled: () => setTarget(null),
    })
  }

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
            <TableHead className="sticky right-0 bg-card text-right">Actions</TableHead>
          </TableRow>
        }
      >
        {orders.data?.data.map((order) => (
          <OrderRow key={order._id} order={order} onDelete={() => setTarget(order)} />
        ))}
      </PagedTable>
      <ConfirmDeleteDialog
        name={target ? `the order by ${target.name}` : null}
        pending={deleteOrder.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
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
      <TableCell className="sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]">
        <div className="flex items-center justify-end gap-2">
          {/* The tax invoice exists once the order has shipped; the gap keeps the buttons in line. */}
          {order.invoiceNumber ? (
            <InvoiceButton order={order} />
          ) : (
            <span aria-hidden="true" className="w-8" />
          )}
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/orders/edit/${encodeURIComponent(order._id)}`}>Edit</Link>
          </Button>
          <Button variant="destructive" size="sm" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}
