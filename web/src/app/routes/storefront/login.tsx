import { CustomerLogin } from '@/features/auth/components/customer-login'

export function LoginPage() {
  return <CustomerLogin />
}
