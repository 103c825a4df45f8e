import { useId, type ComponentProps, type ReactNode } from 'react'

import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** What a field's control needs to be bound to its label, hint and error. */
export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

type FieldProps = {
  label: string
  /** The server's message for this field, shown under it and announced with it. */
  error?: string
  hint?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/** A visible label, the control `children` renders, then an optional hint and error, all wired by id. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  )
}

/** A field's error message, when there is one, under an id its control is described by. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    error && (
      <p id={id} className="text-sm text-destructive">
        {error}
      </p>
    )
  )
}

type FormFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & { label: string; error?: string; hint?: string }

/** A labelled text input: a Field around an Input. */
export function FormField({ label, error, hint, className, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  )
}
