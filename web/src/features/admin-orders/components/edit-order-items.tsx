import { useId } from 'react'

import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { OrderLineList, OrderLineRow } from '@/features/admin-orders/components/order-line-row'
import { lineFieldError, lineTotal } from '@/features/admin-orders/order-lines'
import type { DraftLine } from '@/features/admin-orders/types'
import { amountOptions } from '@/lib/pricing'

type EditOrderItemsProps = {
  lines: DraftLine[]
  /** The server's messages, keyed like `cartItems[0].amount`. */
  errors: Record<string, string>
  onAmountChange: (productId: string, amount: number) => void
  onRemove: (productId: string) => void
  /** True once the order is invoiced: amounts are shown, not changed, and nothing is removed. */
  locked: boolean
}

/**
 * The edit screen's lines: product, unit price and GST, an amount select (1 to the current amount
 * plus 5, at most 20, as the pricing module offers), line total and remove.
 */
export function EditOrderItems({ lines, errors, onAmountChange, onRemove, locked }: EditOrderItemsProps) {
  return (
    <OrderLineList emptyText="No items: add a product.">
      {lines.map((line, index) => (
        <EditLineItem
          key={line.productId}
          line={line}
          error={lineFieldError(errors, index)}
          locked={locked}
          onAmountChange={(amount) => onAmountChange(line.productId, amount)}
          onRemove={() => onRemove(line.productId)}
        />
      ))}
    </OrderLineList>
  )
}

type EditLineItemProps = {
  line: DraftLine
  error?: string
  locked: boolean
  onAmountChange: (amount: number) => void
  onRemove: () => void
}

function EditLineItem({ line, error, locked, onAmountChange, onRemove }: EditLineItemProps) {
  return (
    <OrderLineRow
      name={line.name}
      image={line.image}
      price={line.price}
      total={lineTotal(line.price, line.amount)}
      gstRate={line.gstRate}
      hsn={line.hsn}
      onRemove={locked ? undefined : onRemove}
    >
      {locked ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Amount</span>{' '}
          <span className="font-medium tabular-nums">{line.amount}</span>
        </p>
      ) : (
        <AmountSelect line={line} error={error} onAmountChange={onAmountChange} />
      )}
    </OrderLineRow>
  )
}

type AmountSelectProps = { line: DraftLine; error?: string; onAmountChange: (amount: number) => void }

/** The amount select: 1 to the current amount plus 5, at most 20. */
function AmountSelect({ line, error, onAmountChange }: AmountSelectProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <>
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
    </>
  )
}
