import type { FormEvent, ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { AuthCard } from '@/features/auth/components/auth-card'

type RecoveryStepProps = {
  title: string
  description: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  pending: boolean
  submitLabel: string
  /** Leaves the forgot-password flow for the login form. */
  onBack: () => void
  /** The step's fields. */
  children: ReactNode
}

/** A step of the forgot-password flow: its fields, a full-width submit button and 'Back to Login'. */
export function RecoveryStep({
  title,
  description,
  onSubmit,
  pending,
  submitLabel,
  onBack,
  children,
}: RecoveryStepProps) {
  return (
    <AuthCard title={title} description={description}>
      <form onSubmit={onSubmit} className="grid gap-4">
        {children}
        <SubmitButton pending={pending} className="w-full">
          {submitLabel}
        </SubmitButton>
      </form>
      <Button variant="link" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </AuthCard>
  )
}
