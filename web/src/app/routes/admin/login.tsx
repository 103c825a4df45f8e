import { AdminLoginForm } from '@/features/auth/components/admin-login-form'

export function AdminLoginPage() {
  return <AdminLoginForm />
}
