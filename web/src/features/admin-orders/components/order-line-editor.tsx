import { useId } from 'react'
import { toast } from 'sonner'

import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { OrderLineList, OrderLineRow } from '@/features/admin-orders/components/order-line-row'
import { ProductSearchPicker } from '@/features/admin-orders/components/product-search-picker'
import { hasProduct, lineAmount, lineFieldError, lineTotal, removeLine, updateLine } from '@/features/admin-orders/order-lines'
import type { DraftLine, ProductOption } from '@/features/admin-orders/types'

type OrderLineEditorProps = {
  lines: DraftLine[]
  /** Called with the lines after an add, a quantity typed or a removal. */
  onChange: (lines: DraftLine[]) => void
  /** The line a product found by the picker becomes (the screen decides its price and limit). */
  newLine: (product: ProductOption) => DraftLine
  /** The server's messages, keyed like `cartItems[0].amount` and `cartItems`. */
  errors: Record<string, string>
  /** True once the order is invoiced: no picker, quantities shown and not changed, nothing removed. */
  locked?: boolean
}

/**
 * The line editor of both order screens: a product search to add a product (each product once:
 * a repeat says 'Product already added'), then each line with its thumbnail, name, unit price, GST
 * rate, a quantity box (1 to the line's limit), its total and Remove. The totals are the screen's.
 */
export function OrderLineEditor({ lines, onChange, newLine, errors, locked = false }: OrderLineEditorProps) {
  const headingId = useId()

  function add(product: ProductOption) {
    if (hasProduct(lines, product._id)) {
      toast.info('Product already added')
      return
    }
    onChange([...lines, newLine(product)])
  }

  return (
    <div className="grid gap-6">
      {!locked && <ProductSearchPicker onAdd={add} addedIds={new Set(lines.map((line) => line.productId))} />}
      <div className="grid gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          Order items
        </h3>
        <OrderLineList labelledBy={headingId} emptyText="No products added yet.">
          {lines.map((line, index) => (
            <EditorLine
              key={line.productId}
              line={line}
              serverError={lineFieldError(errors, index)}
              locked={locked}
              onAmountChange={(amountText) =>
                onChange(updateLine(lines, line.productId, (current) => ({ ...current, amountText })))
              }
              onRemove={() => onChange(removeLine(lines, line.productId))}
            />
          ))}
        </OrderLineList>
        {errors.cartItems && <p className="text-sm text-destructive">{errors.cartItems}</p>}
      </div>
    </div>
  )
}

type EditorLineProps = {
  line: DraftLine
  serverError?: string
  locked: boolean
  onAmountChange: (amountText: string) => void
  onRemove: () => void
}

function EditorLine({ line, serverError, locked, onAmountChange, onRemove }: EditorLineProps) {
  const amount = lineAmount(line)
  return (
    <OrderLineRow
      name={line.name}
      image={line.image}
      price={line.price}
      total={lineTotal(line.price, amount ?? 0)}
      gstRate={line.gstRate}
      hsn={line.hsn}
      onRemove={locked ? undefined : onRemove}
    >
      {locked ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Quantity</span>{' '}
          <span className="font-medium tabular-nums">{line.amountText}</span>
        </p>
      ) : (
        <QuantityBox line={line} invalid={amount === null} serverError={serverError} onChange={onAmountChange} />
      )}
    </OrderLineRow>
  )
}

type QuantityBoxProps = { line: DraftLine; invalid: boolean; serverError?: string; onChange: (text: string) => void }

/** A line's quantity as typed: a whole number from 1 to the line's limit, flagged as typed otherwise. */
function QuantityBox({ line, invalid, serverError, onChange }: QuantityBoxProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const error = invalid ? `Enter a whole number from 1 to ${line.maxAmount}` : serverError
  return (
    <>
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
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="w-24"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        Up to {line.maxAmount}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  )
}
