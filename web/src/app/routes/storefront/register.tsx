import { PageMeta } from '@/components/page-meta'
import { RegisterForm } from '@/features/auth/components/register-form'

export function RegisterPage() {
  return (
    <>
      <PageMeta title="Create account" description="Create a Whisk account to order baking supplies delivered across India." />
      <RegisterForm />
    </>
  )
}
