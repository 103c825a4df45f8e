import { Link } from 'react-router'

import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { cn } from '@/lib/utils'

/** What a back-office create or edit form takes from its screen. */
export type EntityFormProps<Values> = {
  pending: boolean
  /** The last failed submit, whose field messages show under the fields. */
  error: unknown
  submitLabel: string
  onSubmit: (values: Values) => void
}

type FormActionsProps = {
  /** Where Cancel goes: the list the form was opened from. */
  cancelTo: string
  pending: boolean
  submitLabel: string
  className?: string
}

/** A back-office form's last row: Cancel and the submit button, at the right (stacked, submit on top, on a phone). */
export function FormActions({ cancelTo, pending, submitLabel, className }: FormActionsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button asChild variant="outline">
        <Link to={cancelTo}>Cancel</Link>
      </Button>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </div>
  )
}
