import { useId } from 'react'

import { FieldError } from '@/components/form-field'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

type CheckboxFieldProps = {
  label: string
  /** What ticking it does, always shown under it. */
  hint: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** The message for this field, shown under the hint and announced with it. */
  error?: string
  name?: string
  className?: string
}

/** A checkbox with its label beside it, then its hint and an optional error, all wired by id. */
export function CheckboxField({ label, hint, checked, onCheckedChange, error, name, className }: CheckboxFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          name={name}
          checked={checked}
          onCheckedChange={(state) => onCheckedChange(state === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
