import { useId } from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LineThumbnail } from '@/features/admin-orders/components/line-thumbnail'
import { createLineAmount, lineFieldError, lineTotal } from '@/features/admin-orders/order-lines'
import type { CreateLine } from '@/features/admin-orders/types'
import { formatInr } from '@/lib/pricing'

type CreateOrderLinesProps = {
  lines: CreateLine[]
  /** The server's messages, keyed like `cartItems[0].amount`. */
  errors: Record<string, string>
  onAmountChange: (productId: string, amountText: string) => void
  onRemove: (productId: string) => void
}

/** The create screen's lines: product, unit price, a quantity box (1 to 20, at most the stock), line total, remove. */
export function CreateOrderLines({ lines, errors, onAmountChange, onRemove }: CreateOrderLinesProps) {
  if (lines.length === 0) {
    return <p className="rounded-lg border p-4 text-center text-sm text-muted-foreground">No products added yet.</p>
  }
  return (
    <ul aria-label="Order items" className="divide-y rounded-lg border">
      {lines.map((line, index) => (
        <CreateLineItem
          key={line.productId}
          line={line}
          serverError={lineFieldError(errors, index)}
          onAmountChange={(text) => onAmountChange(line.productId, text)}
          onRemove={() => onRemove(line.productId)}
        />
      ))}
    </ul>
  )
}

type CreateLineItemProps = {
  line: CreateLine
  serverError?: string
  onAmountChange: (amountText: string) => void
  onRemove: () => void
}

function CreateLineItem({ line, serverError, onAmountChange, onRemove }: CreateLineItemProps) {
  const id = useId()
  const amount = createLineAmount(line)
  const error = amount === null ? `Enter a whole number from 1 to ${line.maxAmount}` : serverError
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <li className="grid grid-cols-[3rem_minmax(0,1fr)] items-start gap-x-3 gap-y-3 p-3 sm:grid-cols-[3rem_minmax(0,1fr)_auto_auto] sm:items-center">
      <LineThumbnail src={line.image} title={line.name} />
      <div className="min-w-0">
        <p className="font-medium break-words">{line.name}</p>
        <p className="text-sm text-muted-foreground">
          <span className="tabular-nums">{formatInr(line.price)}</span> each
        </p>
      </div>
      <div className="col-start-2 grid gap-1 sm:col-start-auto">
        <Label htmlFor={id}>
          Quantity<span className="sr-only"> of {line.name}</span>
        </Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={line.maxAmount}
          step={1}
          required
          value={line.amountText}
          onChange={(event) => onAmountChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="w-24"
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Up to {line.maxAmount}
        </p>
        {error && (
          <p id={errorId} className="max-w-48 text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="col-start-2 flex items-center justify-between gap-3 sm:col-start-auto sm:flex-col sm:items-end">
        <p className="font-semibold tabular-nums">
          <span className="sr-only">Line total </span>
          {formatInr(lineTotal(line.price, amount ?? 0))}
        </p>
        <Button type="button" variant="outline" size="sm" aria-label={`Remove ${line.name}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  )
}
