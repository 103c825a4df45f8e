import type { FormEvent } from 'react'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { useResetPassword } from '@/features/auth/api/reset-password'
import { RecoveryStep } from '@/features/auth/components/recovery-step'
import { errorMessage } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'

type ResetPasswordFormProps = {
  /** The e-mail the one-time password was sent to, in step 1. */
  email: string
  onReset: () => void
  onBack: () => void
}

/** Step 2 of the forgot-password flow: the e-mailed one-time password and the new password. */
export function ResetPasswordForm({ email, onReset, onBack }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { otp, newPassword } = formFields(new FormData(event.currentTarget), ['otp', 'newPassword'])
    resetPassword.mutate(
      { identifier: email, otp, newPassword },
      {
        onSuccess: () => {
          toast.success('Password reset successfully')
          onReset()
        },
        onError: (error) => toast.error(errorMessage(error, 'Something went wrong')),
      },
    )
  }

  return (
    <RecoveryStep
      title="Choose a new password"
      description={`Enter the one-time password sent to ${email}.`}
      onSubmit={handleSubmit}
      pending={resetPassword.isPending}
      submitLabel="Reset password"
      onBack={onBack}
    >
      <FormField label="OTP" name="otp" inputMode="numeric" autoComplete="one-time-code" autoFocus required />
      <FormField label="New password" name="newPassword" type="password" autoComplete="new-password" required />
    </RecoveryStep>
  )
}
