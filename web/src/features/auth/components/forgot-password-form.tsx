import type { FormEvent } from 'react'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { useForgotPassword } from '@/features/auth/api/forgot-password'
import { AuthCard } from '@/features/auth/components/auth-card'
import { errorMessage } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'

type ForgotPasswordFormProps = { onSent: (email: string) => void; onBack: () => void }

/** Step 1 of the forgot-password flow: the account's e-mail, to which the one-time password is sent. */
export function ForgotPasswordForm({ onSent, onBack }: ForgotPasswordFormProps) {
  const forgotPassword = useForgotPassword()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { email } = formFields(new FormData(event.currentTarget), ['email'])
    forgotPassword.mutate(
      { identifier: email },
      {
        onSuccess: () => {
          toast.success('OTP sent!')
          onSent(email)
        },
        onError: (error) => toast.error(errorMessage(error, 'Something went wrong')),
      },
    )
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail of your account and we will e-mail you a one-time password."
    >
      <form onSubmit={handleSubmit} className="grid gap-4">
        <FormField label="Email" name="email" type="email" autoComplete="email" autoFocus required />
        <SubmitButton pending={forgotPassword.isPending} className="w-full">
          Send OTP
        </SubmitButton>
      </form>
      <Button variant="link" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </AuthCard>
  )
}
