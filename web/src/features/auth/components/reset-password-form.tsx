import type { FormEvent } from 'react'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { useResetPassword } from '@/features/auth/api/reset-password'
import { AuthCard } from '@/features/auth/components/auth-card'
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
    <AuthCard title="Choose a new password" description={`Enter the one-time password sent to ${email}.`}>
      <form onSubmit={handleSubmit} className="grid gap-4">
        <FormField
          label="OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          required
        />
        <FormField label="New password" name="newPassword" type="password" autoComplete="new-password" required />
        <SubmitButton pending={resetPassword.isPending} className="w-full">
          Reset Password
        </SubmitButton>
      </form>
      <Button variant="link" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </AuthCard>
  )
}
