import type { FormEvent } from 'react'

import { FormActions, type EntityFormProps } from '@/components/form-actions'
import { Field, FormField } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { Textarea } from '@/components/ui/textarea'
import { categoryFieldErrors } from '@/features/categories/field-errors'
import { CATEGORY_FORM_FIELDS, type CategoryFormValues } from '@/features/categories/types'
import type { Category } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'

type CategoryFormProps = EntityFormProps<CategoryFormValues> & {
  /** The category being edited; without it the form creates one. */
  category?: Category
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
          <FormActions cancelTo="/admin/category" pending={pending} submitLabel={submitLabel} />
        </form>
      </CardContent>
    </Card>
  )
}
