import { PageMeta } from '@/components/page-meta'
import { AdminLoginForm } from '@/features/auth/components/admin-login-form'

export function AdminLoginPage() {
  return (
    <>
      <PageMeta title="Sign in · Admin" />
      <AdminLoginForm />
    </>
  )
}
