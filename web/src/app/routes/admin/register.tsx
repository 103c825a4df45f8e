import { PageMeta } from '@/components/page-meta'
import { AdminRegisterForm } from '@/features/auth/components/admin-register-form'

export function AdminRegisterPage() {
  return (
    <>
      <PageMeta title="Create an admin account · Admin" />
      <AdminRegisterForm />
    </>
  )
}
