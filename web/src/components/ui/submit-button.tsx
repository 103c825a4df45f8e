import { Loader2 } from 'lucide-react'

import { Button, type ButtonProps } from '@/components/ui/button'

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'asChild'> & { pending: boolean }

/** A form's submit button: while `pending` it is disabled and reads 'sending...'. */
function SubmitButton({ pending, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <Loader2 aria-hidden="true" className="animate-spin" />
          sending...
        </>
      ) : (
        children
      )}
    </Button>
  )
}

export { SubmitButton }
