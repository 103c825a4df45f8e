import { useSetAtom } from 'jotai'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { useAdminLogin } from '@/features/auth/api/admin-login'
import { setAdminSessionAtom } from '@/features/auth/atoms'
import { AuthCard } from '@/features/auth/components/auth-card'
import { errorMessage } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'

/** Back-office sign-in; on success the admin session is stored and the dashboard opens. */
export function AdminLoginForm() {
  const navigate = useNavigate()
  const setAdminSession = useSetAtom(setAdminSessionAtom)
  const login = useAdminLogin()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    login.mutate(formFields(new FormData(event.currentTarget), ['identifier', 'password']), {
      onSuccess: (session) => {
        setAdminSession(session)
        toast.success('logged in successfully')
        navigate('/admin')
      },
      onError: (error) => toast.error(errorMessage(error, 'please double check your credentials')),
    })
  }

  return (
    <AuthCard
      title="Sign in to Whisk admin"
      footer={
        <Button asChild variant="link">
          <Link to="/admin/register">Need an admin account? Create one</Link>
        </Button>
      }
    >
      <form onSubmit={handleSubmit} className="grid gap-4">
        <FormField label="Email" name="identifier" type="email" autoComplete="username" required />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <SubmitButton pending={login.isPending} className="w-full">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
