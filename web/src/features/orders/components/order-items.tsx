import { Card, CardContent } from '@/components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { OrderItemThumbnail } from '@/features/orders/components/order-item-thumbnail'
import type { OrderSummary } from '@/features/orders/order-summary'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

/** The order's lines (product, unit price, quantity, line total); scrolls sideways on a phone. */
export function OrderItemsTable({ summary }: { summary: OrderSummary }) {
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label="Items">
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Qty</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.lines.map((line) => (
            <TableRow key={line.productId}>
              <TableCell className="min-w-48">
                <div className="flex items-center gap-3">
                  <OrderItemThumbnail src={line.image} name={line.name} />
                  <span className="font-medium break-words">{line.name}</span>
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(line.price)}</TableCell>
              <TableCell className="text-right tabular-nums">{line.amount}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(line.lineTotal)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/** Subtotal, the discount when there is one, and the total charged. */
export function OrderTotalsCard({ summary }: { summary: OrderSummary }) {
  return (
    <Card aria-labelledby="order-totals-heading" role="region" className="w-full sm:ml-auto sm:max-w-sm">
      <CardContent>
        <h2 id="order-totals-heading" className="sr-only">
          Order totals
        </h2>
        <dl className="divide-y text-sm">
          <TotalRow label="Subtotal" value={formatInr(summary.subtotal)} />
          {summary.discount !== 0 && <TotalRow label="Discount" value={`-${formatInr(summary.discount)}`} />}
          <TotalRow label="Total" value={formatInr(summary.total)} strong />
        </dl>
      </CardContent>
    </Card>
  )
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', strong ? 'pt-3 text-base font-semibold' : 'py-2')}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
