import { useSetAtom } from 'jotai'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { useLogin } from '@/features/auth/api/login'
import { setSessionAtom } from '@/features/auth/atoms'
import { AuthCard } from '@/features/auth/components/auth-card'
import { errorMessage } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'

type LoginFormProps = {
  /** Focus the first field, when the card comes back here from the forgot-password flow. */
  autoFocus: boolean
  onForgotPassword: () => void
}

/** Customer sign-in with e-mail or mobile; on success the session is stored and the shop opens. */
export function LoginForm({ autoFocus, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate()
  const setSession = useSetAtom(setSessionAtom)
  const login = useLogin()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    login.mutate(formFields(new FormData(event.currentTarget), ['identifier', 'password']), {
      onSuccess: (session) => {
        setSession(session)
        toast.success('logged in successfully')
        navigate('/')
      },
      onError: (error) => toast.error(errorMessage(error, 'please double check your credentials')),
    })
  }

  return (
    <AuthCard
      title="Sign in"
      footer={
        <Button asChild variant="link">
          <Link to="/register">Don’t have an account? Create one</Link>
        </Button>
      }
    >
      <form onSubmit={handleSubmit} className="grid gap-4">
        <FormField
          label="Email or mobile"
          name="identifier"
          autoComplete="username"
          autoFocus={autoFocus}
          required
        />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <SubmitButton pending={login.isPending} className="w-full">
          Sign in
        </SubmitButton>
      </form>
      <Button variant="link" className="w-full" onClick={onForgotPassword}>
        Forgot Password?
      </Button>
    </AuthCard>
  )
}
