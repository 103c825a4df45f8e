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

/** The Date column gives way first on narrow screens. */
const DATE_COLUMN = 'hidden sm:table-cell'

type OrdersTableProps = {
  /** The page's orders, or undefined while the first page loads. */
  orders: Order[] | undefined
  /** True while another page is on its way. */
  busy: boolean
}

/** The customer's orders, one row each with a link to its details; scrolls sideways on a phone. */
export function OrdersTable({ orders, busy }: OrdersTableProps) {
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label="Orders" aria-busy={busy || undefined}>
        <TableHeader>
          <TableRow>
            <TableHead>OrderId</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Address</TableHead>
            <TableHead className="text-right">Products</TableHead>
            <TableHead className="text-right">Cost</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className={DATE_COLUMN}>Date</TableHead>
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
      <TableCell className={cn(DATE_COLUMN, 'whitespace-nowrap')}>
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

/** Placeholder rows shaped like the real ones, the Date cell hiding with its column. */
function SkeletonRows() {
  const cells = ['w-20', 'w-28', 'w-36', 'w-8 ml-auto', 'w-20 ml-auto', 'w-16 rounded-full', 'w-40', 'w-8 ml-auto']
  return Array.from({ length: 5 }, (_, row) => (
    <TableRow key={row}>
      {cells.map((width, column) => (
        <TableCell key={column} className={column === 6 ? DATE_COLUMN : undefined}>
          <Skeleton className={cn('h-5', width)} />
        </TableCell>
      ))}
    </TableRow>
  ))
}
