import type { FormEvent } from 'react'

import { AccountFields } from '@/components/account-fields'
import { FormActions, type EntityFormProps } from '@/components/form-actions'
import { Field, FormField } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { USER_FORM_FIELDS, USER_STATUS_OPTIONS, type UserFormValues } from '@/features/users/types'
import { fieldErrors } from '@/lib/api-errors'
import type { User, UserStatus } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'

const statusLabels: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive' }

type UserFormProps = EntityFormProps<UserFormValues> & {
  /** The customer being edited; without it the form creates one and asks for a password. */
  user?: User
}

/** A customer's account, contact and status fields, for the create and edit screens. */
export function UserForm({ user, pending, error, submitLabel, onSubmit }: UserFormProps) {
  const errors = fieldErrors(error)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { status, ...fields } = formFields(new FormData(event.currentTarget), USER_FORM_FIELDS)
    onSubmit({ ...fields, status: USER_STATUS_OPTIONS.find((option) => option === status) ?? 'active' })
  }

  return (
    <Card className="max-w-2xl">
      <CardContent>
        <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
          <AccountFields account={user} errors={errors} />
          <FormField
            label="Mobile"
            name="mobile"
            type="tel"
            autoComplete="tel"
            defaultValue={user?.mobile}
            required
            error={errors.mobile}
          />
          <FormField
            label="Address"
            name="address"
            autoComplete="street-address"
            defaultValue={user?.address}
            required
            error={errors.address}
            className="sm:col-span-2"
          />
          <FormField
            label="City"
            name="city"
            autoComplete="address-level2"
            defaultValue={user?.city}
            required
            error={errors.city}
          />
          <FormField
            label="State"
            name="state"
            autoComplete="address-level1"
            defaultValue={user?.state}
            required
            error={errors.state}
          />
          <FormField
            label="Company"
            name="company"
            autoComplete="organization"
            defaultValue={user?.company}
            required
            error={errors.company}
          />
          <Field label="Status" error={errors.status}>
            {(control) => (
              <NativeSelect {...control} name="status" defaultValue={user?.status ?? 'active'} required>
                {USER_STATUS_OPTIONS.map((status) => (
                  <option key={status} value={status}>
                    {statusLabels[status]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <FormActions cancelTo="/admin/users" pending={pending} submitLabel={submitLabel} className="sm:col-span-2" />
        </form>
      </CardContent>
    </Card>
  )
}
