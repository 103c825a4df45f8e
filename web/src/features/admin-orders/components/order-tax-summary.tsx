import { useId, type ReactNode } from 'react'

import { supplyText, taxHeads, type TaxSummary } from '@/features/admin-orders/order-tax'
import type { PlaceOfSupply } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

const taxNames = { cgst: 'CGST', sgst: 'SGST', utgst: 'UTGST', igst: 'IGST' } as const

type OrderTaxSummaryProps = {
  summary: TaxSummary
  /** Where the order is supplied, or null while no state is chosen. */
  place: PlaceOfSupply | null
  /** Said in place of the tax lines while the split is unknown (no state chosen, shop details loading). */
  pendingText: string
}

/**
 * The order on screen as the pricing module prices it: place of supply, items, subtotal, the
 * coupon and the discount taken off, delivery, the taxable value, only the taxes that apply, and
 * the total.
 * Each figure is an <output> named by its label; only the total is announced as it changes.
 */
export function OrderTaxSummary({ summary, place, pendingText }: OrderTaxSummaryProps) {
  const { taxed, supply, coupon, couponBelowMinimum } = summary
  return (
    <div role="group" aria-label="Order totals" className="grid gap-2 rounded-lg border bg-card p-4 text-sm">
      <SummaryRow label="Place of supply" value={place ? `${place.state} (${place.code})` : 'Not chosen'}>
        <p className="text-xs text-muted-foreground">{supply ? supplyText(supply) : pendingText}</p>
      </SummaryRow>
      <div className="my-1 border-t" />
      <SummaryRow label="Total items" value={String(taxed.numItemsInCart)} />
      <SummaryRow label="Subtotal" value={formatInr(taxed.subtotal)} />
      {coupon && (
        <SummaryRow label={`Coupon ${coupon.code}`} value={minus(taxed.couponDiscount)}>
          {couponBelowMinimum && (
            <p className="text-xs text-muted-foreground">
              Below its {formatInr(coupon.minSubtotal)} minimum subtotal: nothing off
            </p>
          )}
        </SummaryRow>
      )}
      <SummaryRow label="Discount" value={minus(taxed.discount)} />
      <SummaryRow label="Delivery" value={taxed.delivery.charge > 0 ? formatInr(taxed.delivery.charge) : 'Free'}>
        {taxed.delivery.shortOfFree !== null && (
          <p className="text-xs text-muted-foreground">
            Free from {formatInr(taxed.goodsTotal + taxed.delivery.shortOfFree)} of goods
          </p>
        )}
      </SummaryRow>
      {supply && (
        <>
          <SummaryRow label="Taxable value" value={formatInr(taxed.taxableValue)} />
          {taxHeads(supply).map((head) => (
            <SummaryRow key={head} label={taxNames[head]} value={formatInr(taxed[head])} />
          ))}
        </>
      )}
      <SummaryRow label="Total" value={formatInr(taxed.total)} strong live />
      <p className="text-xs text-muted-foreground">Prices include GST.</p>
    </div>
  )
}

/** An amount taken off: "−₹150.00", or "₹0.00" when nothing is. */
function minus(amount: number): string {
  return amount > 0 ? `−${formatInr(amount)}` : formatInr(0)
}

type SummaryRowProps = { label: string; value: string; strong?: boolean; live?: boolean; children?: ReactNode }

function SummaryRow({ label, value, strong = false, live = false, children }: SummaryRowProps) {
  const id = useId()
  return (
    <div className={cn(strong && 'border-t pt-2 text-base font-semibold')}>
      <div className="flex flex-wrap justify-between gap-x-4">
        <span id={id}>{label}</span>
        <output aria-labelledby={id} aria-live={live ? 'polite' : 'off'} className="ml-auto text-right tabular-nums">
          {value}
        </output>
      </div>
      {children}
    </div>
  )
}
