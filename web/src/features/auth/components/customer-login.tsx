import { useState } from 'react'

import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import { LoginForm } from '@/features/auth/components/login-form'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

type Step =
  | { kind: 'login'; returned: boolean }
  | { kind: 'forgot-password' }
  | { kind: 'reset-password'; email: string }

/**
 * The /login card: the login form, or the two steps of the forgot-password flow. Each step is its
 * own form, so leaving a step empties its fields; only the e-mail of step 1 is carried to step 2.
 */
export function CustomerLogin() {
  const [step, setStep] = useState<Step>({ kind: 'login', returned: false })
  const backToLogin = () => setStep({ kind: 'login', returned: true })

  switch (step.kind) {
    case 'login':
      return <LoginForm autoFocus={step.returned} onForgotPassword={() => setStep({ kind: 'forgot-password' })} />
    case 'forgot-password':
      return <ForgotPasswordForm onSent={(email) => setStep({ kind: 'reset-password', email })} onBack={backToLogin} />
    case 'reset-password':
      return <ResetPasswordForm email={step.email} onReset={backToLogin} onBack={backToLogin} />
  }
}
