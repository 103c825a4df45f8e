import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { LineThumbnail } from '@/features/admin-orders/components/line-thumbnail'
import { formatInr } from '@/lib/pricing'

type OrderLineListProps = {
  /** The id of the heading that names the list. */
  labelledBy: string
  /** Shown instead of the list when it has no lines. */
  emptyText: string
  children: ReactNode[]
}

/** The lines of an order being created or edited, or `emptyText` when there are none. */
export function OrderLineList({ labelledBy, emptyText, children }: OrderLineListProps) {
  if (children.length === 0) {
    return <p className="rounded-lg border p-4 text-center text-sm text-muted-foreground">{emptyText}</p>
  }
  return (
    <ul aria-labelledby={labelledBy} className="divide-y rounded-lg border">
      {children}
    </ul>
  )
}

type OrderLineRowProps = {
  name: string
  image: string
  /** Unit price in rupees. */
  price: number
  /** Line total in rupees, from the pricing module. */
  total: number
  /** The GST rate in percent the line is taxed at. */
  gstRate: number
  /** The product's HSN code, or ''. */
  hsn: string
  /** Removes the line; without it (an invoiced order) there is no Remove button. */
  onRemove?: () => void
  /** The amount control with its label and messages. */
  children: ReactNode
}

/**
 * One order line: thumbnail, name, unit price and GST, the amount control, the line total and
 * remove. On a phone the amount control and the total go under the name; from 640 px they sit
 * beside it.
 */
export function OrderLineRow({ name, image, price, total, gstRate, hsn, onRemove, children }: OrderLineRowProps) {
  return (
    <li className="grid grid-cols-[3rem_minmax(0,1fr)] items-start gap-x-3 gap-y-3 p-3 sm:grid-cols-[3rem_minmax(0,1fr)_9rem_7rem]">
      <LineThumbnail src={image} title={name} />
      <div className="min-w-0">
        <p className="font-medium break-words">{name}</p>
        <p className="text-sm text-muted-foreground">
          <span className="tabular-nums">{formatInr(price)}</span> each
        </p>
        <p className="text-xs text-muted-foreground">
          GST {gstRate}%{hsn && ` · HSN ${hsn}`}
        </p>
      </div>
      <div className="col-start-2 grid gap-1 sm:col-start-auto">{children}</div>
      <div className="col-start-2 flex items-center justify-between gap-3 sm:col-start-auto sm:flex-col sm:items-end">
        <p className="font-semibold tabular-nums">
          <span className="sr-only">Line total </span>
          {formatInr(total)}
        </p>
        {onRemove && (
          <Button type="button" variant="outline" size="sm" aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
    </li>
  )
}
