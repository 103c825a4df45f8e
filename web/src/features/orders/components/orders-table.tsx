import { Link as LinkIcon } from 'lucide-react'
import { Link } from 'react-router'

import { OrderStatusBadge } from '@/components/order-status-badge'
import { buttonVariants } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatOrderDate } from '@/lib/format-order-date'
import type { Order } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

type OrdersTableProps = {
  /** The page's orders, or undefined while the first page loads. */
  orders: Order[] | undefined
  /** True while another page is on its way. */
  busy: boolean
}

/**
 * The customer's orders, each with a link to its details: a table from 640 px, and on a phone a
 * card per order, so the cost, status and link are never off screen.
 */
export function OrdersTable({ orders, busy }: OrdersTableProps) {
  return (
    <>
      <OrderCards orders={orders} busy={busy} />
      <div className="hidden rounded-lg border bg-card sm:block">
        <Table aria-label="Orders" aria-busy={busy || undefined}>
          <TableHeader>
            <TableRow>
              <TableHead>OrderId</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Address</TableHead>
              <TableHead className="text-right">Products</TableHead>
              <TableHead className="text-right">Cost</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>
                <span className="sr-only">Details</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {orders ? orders.map((order) => <OrderRow key={order._id} order={order} />) : <SkeletonRows />}
          </TableBody>
        </Table>
      </div>
    </>
  )
}

/** A phone's list of orders: number, status, date, ship-to, products and cost, and the link. */
function OrderCards({ orders, busy }: OrdersTableProps) {
  if (!orders) {
    return (
      <div className="space-y-3 sm:hidden">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-32 w-full rounded-lg" />
        ))}
      </div>
    )
  }
  return (
    <ul aria-label="Orders" aria-busy={busy || undefined} className="space-y-3 sm:hidden">
      {orders.map((order) => (
        <li key={order._id} className="rounded-lg border bg-card p-4">
          <div className="flex items-center justify-between gap-3">
            <span className="font-medium">{order.orderId}</span>
            <OrderStatusBadge status={order.status} />
          </div>
          <time dateTime={order.createdAt} className="mt-1 block text-sm text-muted-foreground">
            {formatOrderDate(order.createdAt)}
          </time>
          <p className="mt-2">{order.name}</p>
          <p className="text-sm text-muted-foreground">{order.address}</p>
          <div className="mt-3 flex items-center justify-between gap-3">
            <span className="tabular-nums">
              {order.numItemsInCart} {order.numItemsInCart === 1 ? 'product' : 'products'} ·{' '}
              <span className="font-medium">{formatInr(order.orderTotal)}</span>
            </span>
            <Link
              to={`/orders/${encodeURIComponent(order._id)}`}
              aria-label={`View order ${order.orderId}`}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              View
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}

function OrderRow({ order }: { order: Order }) {
  return (
    <TableRow>
      <TableCell className="font-medium whitespace-nowrap">{order.orderId}</TableCell>
      <TableCell className="min-w-32">{order.name}</TableCell>
      <TableCell className="min-w-40">{order.address}</TableCell>
      <TableCell className="text-right tabular-nums">{order.numItemsInCart}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(order.orderTotal)}</TableCell>
      <TableCell>
        <OrderStatusBadge status={order.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
      </TableCell>
      <TableCell className="text-right">
        <Link
          to={`/orders/${encodeURIComponent(order._id)}`}
          aria-label={`View order ${order.orderId}`}
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <LinkIcon aria-hidden="true" />
        </Link>
      </TableCell>
    </TableRow>
  )
}

/** Placeholder rows shaped like the real ones. */
function SkeletonRows() {
  const cells = ['w-20', 'w-28', 'w-36', 'w-8 ml-auto', 'w-20 ml-auto', 'w-16 rounded-full', 'w-40', 'w-8 ml-auto']
  return Array.from({ length: 5 }, (_, row) => (
    <TableRow key={row}>
      {cells.map((width, column) => (
        <TableCell key={column}>
          <Skeleton className={cn('h-5', width)} />
        </TableCell>
      ))}
    </TableRow>
  ))
}
