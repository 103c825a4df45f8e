import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { AccountFields } from '@/components/account-fields'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/submit-button'
import { useRegister } from '@/features/auth/api/register'
import { AuthCard } from '@/features/auth/components/auth-card'
import { errorMessage, fieldErrors } from '@/lib/api-errors'
import { CUSTOMER_FIELDS } from '@/lib/customer-fields'
import { formFields } from '@/lib/forms'

/** Customer sign-up. It does not sign in: a new customer goes to /login. */
export function RegisterForm() {
  const navigate = useNavigate()
  const registration = useRegister()
  const errors = fieldErrors(registration.error)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    registration.mutate(formFields(new FormData(event.currentTarget), CUSTOMER_FIELDS), {
      onSuccess: () => {
        toast.success('account created successfully')
        navigate('/login')
      },
      onError: (error) => toast.error(errorMessage(error, 'please double check your credentials')),
    })
  }

  return (
    <AuthCard
      title="Create account"
      className="max-w-2xl"
      footer={
        <Button asChild variant="link">
          <Link to="/login">Already have an account? Sign in</Link>
        </Button>
      }
    >
      <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
        <AccountFields errors={errors} />
        <FormField label="Mobile" name="mobile" type="number" autoComplete="tel" required error={errors.mobile} />
        <FormField
          label="Address"
          name="address"
          autoComplete="street-address"
          required
          error={errors.address}
          className="sm:col-span-2"
        />
        <FormField label="City" name="city" autoComplete="address-level2" required error={errors.city} />
        <FormField label="State" name="state" autoComplete="address-level1" required error={errors.state} />
        <FormField
          label="Company"
          name="company"
          autoComplete="organization"
          required
          error={errors.company}
          className="sm:col-span-2"
        />
        <SubmitButton pending={registration.isPending} className="w-full sm:col-span-2">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
