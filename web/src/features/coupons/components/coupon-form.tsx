import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'

import { Field, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { SubmitButton } from '@/components/ui/submit-button'
import { couponServerErrors, readCouponForm, typedCode } from '@/features/coupons/coupon-form'
import { COUPON_KINDS, type CouponField, type CouponFormValues } from '@/features/coupons/types'
import type { CouponInput, CouponKind } from '@/lib/api-schemas'

type CouponFormProps = {
  /** What the boxes hold when the form opens. */
  initial: CouponFormValues
  /** True on the edit screen: the code is read-only and the body leaves out what cannot change. */
  editing: boolean
  pending: boolean
  /** The last failed submit, whose field messages show under the fields. */
  error: unknown
  submitLabel: string
  onSubmit: (input: CouponInput) => void
}

/**
 * A coupon's code, kind, value, minimum, cap, window, limits and switch, for the create and edit
 * screens. The terms are checked as the admin types, by the pricing module's own rules; a field's
 * message shows once it has been changed, or after a submit. The server's messages show too.
 */
export function CouponForm({ initial, editing, pending, error, submitLabel, onSubmit }: CouponFormProps) {
  const [values, setValues] = useState(initial)
  const [changed, setChanged] = useState<ReadonlySet<CouponField>>(new Set())
  const [attempts, setAttempts] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const reading = readCouponForm(values, editing ? initial : undefined)
  const server = couponServerErrors(error)
  const percent = values.kind === 'percent'

  // After a refused submit, focus goes to the first field with a message.
  useEffect(() => {
    if (attempts === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempts, error])

  function set<Field extends CouponField>(field: Field, value: CouponFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }))
    setChanged((current) => (current.has(field) ? current : new Set(current).add(field)))
  }

  function errorFor(field: CouponField): string | undefined {
    const local = attempts > 0 || changed.has(field) ? reading.errors[field] : undefined
    return local ?? server[field]
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAttempts((count) => count + 1)
    if (Object.keys(reading.errors).length > 0) return
    onSubmit(reading.input)
  }

  const text = (field: Exclude<CouponField, 'kind' | 'active'>) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errorFor(field),
  })

  return (
    <Card className="max-w-3xl">
      <CardContent>
        <form ref={formRef} noValidate onSubmit={handleSubmit} className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            label="Code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            required
            readOnly={editing}
            hint={editing ? 'A code cannot change; create a new coupon instead.' : '3 to 24 letters, digits, - or _'}
            {...text('code')}
            onChange={(event) => set('code', typedCode(event.target.value))}
          />
          <fieldset className="grid items-start gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-4 font-semibold">Discount</legend>
            <Field label="Discount type" error={errorFor('kind')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  name="kind"
                  value={values.kind}
                  onChange={(event) => set('kind', event.target.value as CouponKind)}
                >
                  {COUPON_KINDS.map((kind) => (
                    <option key={kind.value} value={kind.value}>
                      {kind.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <FormField
              label={percent ? 'Percentage' : 'Amount (₹)'}
              type="number"
              inputMode="decimal"
              min={percent ? 1 : 0.01}
              max={percent ? 100 : undefined}
              step="0.01"
              required
              hint={percent ? 'Percent off the subtotal, 1 to 100' : 'Rupees off the subtotal'}
              {...text('value')}
            />
            {percent && (
              <FormField
                label="Maximum discount (₹)"
                type="number"
                inputMode="decimal"
                min={0.01}
                step="0.01"
                hint="The most it takes off; leave empty for no cap"
                {...text('maxDiscount')}
              />
            )}
            <FormField
              label="Minimum subtotal (₹)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              hint="It applies from this subtotal; 0 for any order"
              {...text('minSubtotal')}
            />
          </fieldset>
          <fieldset className="grid items-start gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-4 font-semibold">Validity</legend>
            <FormField label="Valid from" type="datetime-local" hint="Leave empty to start at once" {...text('validFrom')} />
            <FormField label="Valid until" type="datetime-local" hint="Leave empty to never expire" {...text('validUntil')} />
          </fieldset>
          <fieldset className="grid items-start gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-4 font-semibold">Limits</legend>
            <FormField
              label="Usage limit"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Orders in all; leave empty for no limit"
              {...text('usageLimit')}
            />
            <FormField
              label="Per-customer limit"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Orders per customer; leave empty for no limit"
              {...text('perCustomerLimit')}
            />
            <ActiveField checked={values.active} onCheckedChange={(active) => set('active', active)} error={errorFor('active')} />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/admin/coupons">Cancel</Link>
            </Button>
            <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

type ActiveFieldProps = { checked: boolean; onCheckedChange: (checked: boolean) => void; error?: string }

function ActiveField({ checked, onCheckedChange, error }: ActiveFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="grid gap-2 sm:col-span-2">
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          name="active"
          checked={checked}
          onCheckedChange={(state) => onCheckedChange(state === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <Label htmlFor={id}>Active</Label>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Checkout refuses an inactive coupon.
      </p>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
