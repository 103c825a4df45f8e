import type { FormEvent } from 'react'

import { AccountFields } from '@/components/account-fields'
import { FormActions, type EntityFormProps } from '@/components/form-actions'
import { Field } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { ADMIN_ROLE_OPTIONS, type AdminFormValues } from '@/features/admins/types'
import { fieldErrors } from '@/lib/api-errors'
import type { Admin, AdminRole } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'

const roleLabels: Record<AdminRole, string> = { staff: 'Staff', superadmin: 'Superadmin', admin: 'Admin' }

type AdminFormProps = EntityFormProps<AdminFormValues> & {
  /** The admin being edited; without it the form creates one and asks for a password. */
  admin?: Admin
}

/** Username, e-mail, password and role of an admin, for the create and edit screens. */
export function AdminForm({ admin, pending, error, submitLabel, onSubmit }: AdminFormProps) {
  const errors = fieldErrors(error)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { role, ...fields } = formFields(new FormData(event.currentTarget), ['username', 'email', 'password', 'role'])
    onSubmit({ ...fields, role: ADMIN_ROLE_OPTIONS.find((option) => option === role) ?? 'staff' })
  }

  return (
    <Card className="max-w-xl">
      <CardContent>
        <form onSubmit={handleSubmit} className="grid gap-4">
          <AccountFields account={admin} errors={errors} />
          <Field label="Role" error={errors.role}>
            {(control) => (
              <NativeSelect {...control} name="role" defaultValue={admin?.role ?? 'staff'} required>
                {ADMIN_ROLE_OPTIONS.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <FormActions cancelTo="/admin/admins" pending={pending} submitLabel={submitLabel} />
        </form>
      </CardContent>
    </Card>
  )
}
