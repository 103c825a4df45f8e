import type { FormEvent } from 'react'
import { Link } from 'react-router'

import { Field, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { SubmitButton } from '@/components/ui/submit-button'
import { Textarea } from '@/components/ui/textarea'
import { categoryFieldErrors } from '@/features/categories/field-errors'
import { CATEGORY_FORM_FIELDS, type CategoryFormValues } from '@/features/categories/types'
import type { Category } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'

type CategoryFormProps = {
  /** The category being edited; without it the form creates one. */
  category?: Category
  pending: boolean
  /** The last failed submit, whose field messages show under the fields. */
  error: unknown
  submitLabel: string
  onSubmit: (values: CategoryFormValues) => void
}

/** A category's name and description, for the create and edit screens. */
export function CategoryForm({ category, pending, error, submitLabel, onSubmit }: CategoryFormProps) {
  const errors = categoryFieldErrors(error)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit(formFields(new FormData(event.currentTarget), CATEGORY_FORM_FIELDS))
  }

  return (
    <Card className="max-w-xl">
      <CardContent>
        <form onSubmit={handleSubmit} className="grid gap-4">
          <FormField
            label="Name"
            name="name"
            autoComplete="off"
            defaultValue={category?.name}
            required
            error={errors.name}
          />
          <Field label="Description" error={errors.description}>
            {(control) => (
              <Textarea {...control} name="description" rows={4} defaultValue={category?.description} />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/admin/category">Cancel</Link>
            </Button>
            <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
