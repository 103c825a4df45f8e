import { useEffect, useRef, useState, type FormEvent } from 'react'

import { CheckboxField } from '@/components/checkbox-field'
import { FormActions, type EntityFormProps } from '@/components/form-actions'
import { Field, FormField } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { couponServerErrors, readCouponForm, typedCode } from '@/features/coupons/coupon-form'
import { COUPON_KINDS, type CouponField, type CouponFormValues } from '@/features/coupons/types'
import type { CouponInput, CouponKind } from '@/lib/api-schemas'

type CouponFormProps = EntityFormProps<CouponInput> & {
  /** What the boxes hold when the form opens. */
  initial: CouponFormValues
  /** True on the edit screen: the code is read-only and the body leaves out what cannot change. */
  editing: boolean
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
            hint={editing ? 'A code cannot change; create a new coupon instead.' : '3 to 24 letters, digits, hyphens or underscores.'}
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
              hint={percent ? 'Percent off the subtotal, 1 to 100.' : 'Rupees off the subtotal.'}
              {...text('value')}
            />
            {percent && (
              <FormField
                label="Maximum discount (₹)"
                type="number"
                inputMode="decimal"
                min={0.01}
                step="0.01"
                hint="The most it takes off; leave empty for no cap."
                {...text('maxDiscount')}
              />
            )}
            <FormField
              label="Minimum subtotal (₹)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              hint="It applies from this subtotal; 0 for any order."
              {...text('minSubtotal')}
            />
          </fieldset>
          <fieldset className="grid items-start gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-4 font-semibold">Validity</legend>
            <FormField label="Valid from" type="datetime-local" hint="Leave empty to start at once." {...text('validFrom')} />
            <FormField label="Valid until" type="datetime-local" hint="Leave empty to never expire." {...text('validUntil')} />
          </fieldset>
          <fieldset className="grid items-start gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-4 font-semibold">Limits</legend>
            <FormField
              label="Usage limit"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Orders in all; leave empty for no limit."
              {...text('usageLimit')}
            />
            <FormField
              label="Per-customer limit"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="Orders per customer; leave empty for no limit."
              {...text('perCustomerLimit')}
            />
            <CheckboxField
              label="Active"
              hint="Checkout refuses an inactive coupon."
              name="active"
              checked={values.active}
              onCheckedChange={(active) => set('active', active)}
              error={errorFor('active')}
              className="sm:col-span-2"
            />
          </fieldset>
          <FormActions cancelTo="/admin/coupons" pending={pending} submitLabel={submitLabel} className="sm:col-span-2" />
        </form>
      </CardContent>
    </Card>
  )
}
