import { AdminRegisterForm } from '@/features/auth/components/admin-register-form'

export function AdminRegisterPage() {
  return <AdminRegisterForm />
}
