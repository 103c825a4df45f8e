import { TotalRow } from '@/components/total-row'
import { Card, CardContent } from '@/components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { OrderItemThumbnail } from '@/features/orders/components/order-item-thumbnail'
import type { OrderLineView, OrderSummary } from '@/features/orders/order-summary'
import { formatInr } from '@/lib/pricing'

/** Money taken off, with a true minus sign: "−₹50.00". */
const minus = (amount: number) => `−${formatInr(amount)}`

/** Columns a phone leaves out: the product cell says their values under the name instead. */
const WIDE_ONLY = 'hidden sm:table-cell'

/**
 * The order's lines: product (with its HSN code and GST rate), unit price, quantity, the line's
 * share of the discounts when any line has one, and what the line was charged. On a phone the
 * price, quantity and discount go under the product's name, so the Total column stays on screen.
 */
export function OrderItemsTable({ summary }: { summary: OrderSummary }) {
  const discounts = summary.anyLineDiscount
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label="Items">
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead className={`${WIDE_ONLY} text-right`}>Price</TableHead>
            <TableHead className={`${WIDE_ONLY} text-right`}>Qty</TableHead>
            {discounts && <TableHead className={`${WIDE_ONLY} text-right`}>Discount</TableHead>}
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.lines.map((line) => (
            <TableRow key={line.productId}>
              <TableCell className="sm:min-w-48">
                <div className="flex items-center gap-3">
                  <OrderItemThumbnail src={line.image} name={line.name} />
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-medium break-words">{line.name}</p>
                    <LineTax line={line} />
                    <p className="text-sm tabular-nums sm:hidden">
                      <span className="whitespace-nowrap">
                        {formatInr(line.price)} × {line.amount}
                      </span>
                      {line.discount !== 0 && <span className="block whitespace-nowrap">Discount {minus(line.discount)}</span>}
                    </p>
                  </div>
                </div>
              </TableCell>
              <TableCell className={`${WIDE_ONLY} text-right whitespace-nowrap tabular-nums`}>
                {formatInr(line.price)}
              </TableCell>
              <TableCell className={`${WIDE_ONLY} text-right tabular-nums`}>{line.amount}</TableCell>
              {discounts && (
                <TableCell className={`${WIDE_ONLY} text-right whitespace-nowrap tabular-nums`}>
                  {line.discount === 0 ? '—' : minus(line.discount)}
                </TableCell>
              )}
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(line.lineTotal)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/** "HSN 1905 · GST 18%" under a line's name; the HSN part only when the product had one. */
function LineTax({ line }: { line: OrderLineView }) {
  return (
    <p className="text-xs text-muted-foreground">
      {line.hsn && (
        <>
          <span className="whitespace-nowrap">HSN {line.hsn}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
        </>
      )}
      <span className="whitespace-nowrap">GST {line.gstRate}%</span>
    </p>
  )
}

/**
 * Subtotal, the coupon and the admin's discount when there are any, the GST the total includes
 * (taxable value and only the taxes that apply), and the total charged.
 */
export function OrderTotalsCard({ summary }: { summary: OrderSummary }) {
  const { tax } = summary
  const coupon = summary.couponCode !== null || summary.couponDiscount !== 0
  return (
    <Card aria-labelledby="order-totals-heading" role="region" className="w-full sm:ml-auto sm:max-w-sm">
      <CardContent className="space-y-3">
        <h2 id="order-totals-heading" className="sr-only">
          Order totals
        </h2>
        <dl className="divide-y text-sm">
          <TotalRow label="Subtotal" value={formatInr(summary.subtotal)} />
          {coupon && (
            <TotalRow
              label={summary.couponCode ? `Coupon ${summary.couponCode}` : 'Coupon'}
              value={minus(summary.couponDiscount)}
            />
          )}
          {summary.discount !== 0 && <TotalRow label="Discount" value={minus(summary.discount)} />}
          <TotalRow label="Delivery" value={summary.delivery !== 0 ? formatInr(summary.delivery) : 'Free'} />
        </dl>
        <section aria-labelledby="order-gst-heading" className="space-y-1 rounded-md bg-muted p-3 text-sm">
          <h3 id="order-gst-heading" className="font-medium">
            GST included
          </h3>
          <dl>
            <TotalRow label="Taxable value" value={formatInr(tax.taxableValue)} compact />
            {tax.cgst !== 0 && <TotalRow label="CGST" value={formatInr(tax.cgst)} compact />}
            {tax.sgst !== 0 && <TotalRow label="SGST" value={formatInr(tax.sgst)} compact />}
            {tax.utgst !== 0 && <TotalRow label="UTGST" value={formatInr(tax.utgst)} compact />}
            {tax.igst !== 0 && <TotalRow label="IGST" value={formatInr(tax.igst)} compact />}
          </dl>
        </section>
        <dl className="border-t pt-3">
          <TotalRow label="Total" value={formatInr(summary.total)} strong />
        </dl>
        <p className="text-sm text-muted-foreground">Inclusive of all taxes</p>
      </CardContent>
    </Card>
  )
}
