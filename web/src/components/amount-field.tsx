import { Field } from '@/components/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { lowStockText } from '@/lib/stock'

type AmountFieldProps = {
  /** The amounts offered (useAmountOptions). */
  options: number[]
  value: number
  /** The product's stock, when known: a low one is said under the select ('Only 2 left'). */
  stock?: number
  onChange: (amount: number) => void
  disabled?: boolean
  className?: string
}

/** The 'Amount' select of a product page or a cart line. */
export function AmountField({ options, value, stock, onChange, disabled, className }: AmountFieldProps) {
  return (
    <Field label="Amount" hint={stock === undefined ? undefined : (lowStockText(stock) ?? undefined)} className={className}>
      {(control) => (
        <NativeSelect
          {...control}
          name="amount"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}
