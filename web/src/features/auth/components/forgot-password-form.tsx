import type { FormEvent } from 'react'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { useForgotPassword } from '@/features/auth/api/forgot-password'
import { RecoveryStep } from '@/features/auth/components/recovery-step'
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
    <RecoveryStep
      title="Forgot your password?"
      description="Enter the email of your account and we will email you a one-time password."
      onSubmit={handleSubmit}
      pending={forgotPassword.isPending}
      submitLabel="Send OTP"
      onBack={onBack}
    >
      <FormField label="Email" name="email" type="email" autoComplete="email" autoFocus required />
    </RecoveryStep>
  )
}
