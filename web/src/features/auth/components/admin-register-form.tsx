import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { AccountFields } from '@/components/account-fields'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { useAdminRegister } from '@/features/auth/api/admin-register'
import { AuthCard } from '@/features/auth/components/auth-card'
import { errorMessage, fieldErrors } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'

/** Back-office sign-up. It does not sign in: the new admin goes to /admin/login. */
export function AdminRegisterForm() {
  const navigate = useNavigate()
  const registration = useAdminRegister()
  const errors = fieldErrors(registration.error)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    registration.mutate(formFields(new FormData(event.currentTarget), ['username', 'email', 'password']), {
      onSuccess: () => {
        toast.success('registered successfully')
        navigate('/admin/login')
      },
      onError: (error) => toast.error(errorMessage(error, 'please double check your credentials')),
    })
  }

  return (
    <AuthCard
      title="Create an admin account"
      footer={
        <Button asChild variant="link">
          <Link to="/admin/login">Already have an account? Sign in</Link>
        </Button>
      }
    >
      <form onSubmit={handleSubmit} className="grid gap-4">
        <AccountFields errors={errors} />
        <SubmitButton pending={registration.isPending} className="w-full">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
