import type { FormEvent } from 'react'
import { Link } from 'react-router'

import { Field, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { SubmitButton } from '@/components/ui/submit-button'
import { ADMIN_ROLE_OPTIONS, type AdminFormValues } from '@/features/admins/types'
import { fieldErrors } from '@/lib/api-errors'
import type { Admin, AdminRole } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'

const roleLabels: Record<AdminRole, string> = { staff: 'Staff', superadmin: 'Superadmin', admin: 'Admin' }

type AdminFormProps = {
  /** The admin being edited; without it the form creates one and asks for a password. */
  admin?: Admin
  pending: boolean
  /** The last failed submit, whose field messages show under the fields. */
  error: unknown
  submitLabel: string
  onSubmit: (values: AdminFormValues) => void
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
          <FormField
            label="Username"
            name="username"
            autoComplete="username"
            defaultValue={admin?.username}
            required
            error={errors.username}
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={admin?.email}
            required
            error={errors.email}
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required={!admin}
            hint={admin ? 'Leave blank to keep the current password' : undefined}
            error={errors.password}
          />
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/admin/admins">Cancel</Link>
            </Button>
            <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
