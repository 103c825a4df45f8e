import { useId } from 'react'

import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { OrderLineList, OrderLineRow } from '@/features/admin-orders/components/order-line-row'
import { createLineAmount, lineFieldError, lineTotal } from '@/features/admin-orders/order-lines'
import type { CreateLine } from '@/features/admin-orders/types'

type CreateOrderLinesProps = {
  lines: CreateLine[]
  /** The server's messages, keyed like `cartItems[0].amount`. */
  errors: Record<string, string>
  onAmountChange: (productId: string, amountText: string) => void
  onRemove: (productId: string) => void
}

/** The create screen's lines: product, unit price, a quantity box (1 to 20, at most the stock), line total, remove. */
export function CreateOrderLines({ lines, errors, onAmountChange, onRemove }: CreateOrderLinesProps) {
  return (
    <OrderLineList emptyText="No products added yet.">
      {lines.map((line, index) => (
        <CreateLineItem
          key={line.productId}
          line={line}
          serverError={lineFieldError(errors, index)}
          onAmountChange={(text) => onAmountChange(line.productId, text)}
          onRemove={() => onRemove(line.productId)}
        />
      ))}
    </OrderLineList>
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
    <OrderLineRow
      name={line.name}
      image={line.image}
      price={line.price}
      total={lineTotal(line.price, amount ?? 0)}
      gstRate={line.gstRate}
      hsn={line.hsn}
      onRemove={onRemove}
    >
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
    </OrderLineRow>
  )
}
