import type { ReactNode } from 'react'

import { PriceUnavailable, PricingUnavailable } from '@/components/pricing-unavailable'
import { TotalRow } from '@/components/total-row'
import { Card, CardContent, CardFooter } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import type { CartSummary, CouponLine, GstSplit } from '@/features/cart/cart-summary'
import type { CartSummaryView } from '@/features/cart/use-cart-summary'
import { formatInr } from '@/lib/pricing'

type CartTotalsProps = {
  view: CartSummaryView
  /** Said where the GST would be when there is no state to work it out for (checkout, none chosen). */
  noPlaceHint?: string
  /** Goes under the totals: the coupon box, the way to checkout, the place-order button. */
  children?: ReactNode
}

/**
 * The cart's totals: subtotal, the coupon, delivery (with how much more the goods need to go
 * free), the GST inside the total for the place of supply, and the total.
 */
export function CartTotals({ view, noPlaceHint, children }: CartTotalsProps) {
  const { summary, place, gstPending } = view
  // Until the pricing wasm arrives the rows hold their place; if it failed, they say so.
  const placeholder = view.pricingFailed ? <PriceUnavailable /> : <Skeleton className="h-5 w-20" />
  const money = (pick: (summary: CartSummary) => number) => (summary ? formatInr(pick(summary)) : placeholder)
  return (
    <Card aria-labelledby="cart-totals-heading" role="region" className="gap-4">
      <CardContent className="space-y-3">
        <h2 id="cart-totals-heading" className="sr-only">
          Cart totals
        </h2>
        {view.pricingFailed && <PricingUnavailable />}
        <dl className="divide-y text-sm">
          <TotalRow label="Subtotal" value={money((totals) => totals.subtotal)} />
          {summary?.coupon && <CouponRow coupon={summary.coupon} />}
          <TotalRow label="Delivery" value={summary ? <DeliveryCharge summary={summary} /> : placeholder} />
        </dl>
        {summary?.delivery?.shortOfFree != null && (
          <p className="text-sm text-muted-foreground">
            Add {formatInr(summary.delivery.shortOfFree)} more for free delivery.
          </p>
        )}
        {gstPending ? (
          <GstSkeleton />
        ) : summary?.gst && place ? (
          <GstRows gst={summary.gst} state={place.state} />
        ) : (
          noPlaceHint && <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">{noPlaceHint}</p>
        )}
        <dl className="border-t pt-3">
          <TotalRow label="Total" value={money((totals) => totals.total)} strong />
        </dl>
        <p className="text-sm text-muted-foreground">Inclusive of all taxes</p>
      </CardContent>
      {children && <CardFooter className="flex-col items-stretch gap-4">{children}</CardFooter>}
    </Card>
  )
}

/** What delivery costs this cart: the fee, "Free", or a placeholder while the shop's terms load. */
function DeliveryCharge({ summary }: { summary: CartSummary }) {
  if (summary.delivery === null) return <Skeleton className="h-5 w-20" />
  return summary.delivery.charge > 0 ? (
    formatInr(summary.delivery.charge)
  ) : (
    <span className="font-medium text-success">Free</span>
  )
}

/** The coupon's discount, or why it takes nothing off this cart. */
function CouponRow({ coupon }: { coupon: CouponLine }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="break-all">{`Coupon ${coupon.code}`}</dt>
      {coupon.applied ? (
        <dd className="font-medium text-success tabular-nums">−{formatInr(coupon.discount)}</dd>
      ) : (
        <>
          <dd className="text-muted-foreground">Not applied</dd>
          <dd className="basis-full text-muted-foreground">{coupon.message}</dd>
        </>
      )}
    </div>
  )
}

/** The GST the total includes, split as the place of supply decides. */
function GstRows({ gst, state }: { gst: GstSplit; state: string }) {
  return (
    <section aria-labelledby="cart-gst-heading" className="space-y-1 rounded-md bg-muted p-3 text-sm">
      <h3 id="cart-gst-heading" className="font-medium">
        GST included <span className="font-normal text-muted-foreground">(delivery to {state})</span>
      </h3>
      <dl>
        <TotalRow label="Taxable value" value={formatInr(gst.taxableValue)} compact />
        {gst.supply === 'inter-state' ? (
          <TotalRow label="IGST" value={formatInr(gst.igst)} compact />
        ) : (
          <>
            <TotalRow label="CGST" value={formatInr(gst.cgst)} compact />
            {gst.supply === 'intra-territory' ? (
              <TotalRow label="UTGST" value={formatInr(gst.utgst)} compact />
            ) : (
              <TotalRow label="SGST" value={formatInr(gst.sgst)} compact />
            )}
          </>
        )}
      </dl>
    </section>
  )
}

function GstSkeleton() {
  return (
    <div className="space-y-2 rounded-md bg-muted p-3">
      <p role="status" className="sr-only">
        Working out the GST
      </p>
      <Skeleton className="h-4 w-32 bg-background" />
      <Skeleton className="h-4 w-full bg-background" />
      <Skeleton className="h-4 w-full bg-background" />
    </div>
  )
}
