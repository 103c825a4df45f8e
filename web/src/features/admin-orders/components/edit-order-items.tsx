import { useId } from 'react'

import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { LineThumbnail } from '@/features/admin-orders/components/line-thumbnail'
import { lineFieldError, lineTotal } from '@/features/admin-orders/order-lines'
import type { DraftLine } from '@/features/admin-orders/types'
import { amountOptions, formatInr } from '@/lib/pricing'

type EditOrderItemsProps = {
  lines: DraftLine[]
  /** The server's messages, keyed like `cartItems[0].amount`. */
  errors: Record<string, string>
  onAmountChange: (productId: string, amount: number) => void
  onRemove: (productId: string) => void
}

/**
 * The edit screen's lines: product, unit price, an amount select (1 to the current amount plus 5,
 * at most 20, as the pricing module offers), line total and remove.
 */
export function EditOrderItems({ lines, errors, onAmountChange, onRemove }: EditOrderItemsProps) {
  if (lines.length === 0) {
    return <p className="rounded-lg border p-4 text-center text-sm text-muted-foreground">No items: add a product.</p>
  }
  return (
    <ul aria-label="Order items" className="divide-y rounded-lg border">
      {lines.map((line, index) => (
        <EditLineItem
          key={line.productId}
          line={line}
          error={lineFieldError(errors, index)}
          onAmountChange={(amount) => onAmountChange(line.productId, amount)}
          onRemove={() => onRemove(line.productId)}
        />
      ))}
    </ul>
  )
}

type EditLineItemProps = {
  line: DraftLine
  error?: string
  onAmountChange: (amount: number) => void
  onRemove: () => void
}

function EditLineItem({ line, error, onAmountChange, onRemove }: EditLineItemProps) {
  const id = useId()
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
          Amount<span className="sr-only"> of {line.name}</span>
        </Label>
        <NativeSelect
          id={id}
          value={line.amount}
          onChange={(event) => onAmountChange(Number(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="w-24"
        >
          {amountOptions('admin-order-item', line.amount).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
        {error && (
          <p id={errorId} className="max-w-48 text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="col-start-2 flex items-center justify-between gap-3 sm:col-start-auto sm:flex-col sm:items-end">
        <p className="font-semibold tabular-nums">
          <span className="sr-only">Line total </span>
          {formatInr(lineTotal(line.price, line.amount))}
        </p>
        <Button type="button" variant="outline" size="sm" aria-label={`Remove ${line.name}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  )
}
