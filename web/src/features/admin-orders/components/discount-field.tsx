import { FormField } from '@/components/form-field'
import { parseDiscount } from '@/features/admin-orders/order-lines'

type DiscountFieldProps = {
  value: string
  onChange: (value: string) => void
  /** The server's message about the discount, shown when the typed value itself is fine. */
  serverError?: string
  /** Shown, not changed (an invoiced order). */
  readOnly?: boolean
}

/** Rupees off the subtotal: 0 or more, to the paisa. A value the pricing module would refuse is flagged as typed. */
export function DiscountField({ value, onChange, serverError, readOnly = false }: DiscountFieldProps) {
  const invalid = parseDiscount(value) === null
  return (
    <FormField
      label="Discount"
      name="discount"
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
      hint="Rupees off the subtotal"
      error={invalid ? 'Enter 0 or more, with at most two decimals' : serverError}
    />
  )
}
