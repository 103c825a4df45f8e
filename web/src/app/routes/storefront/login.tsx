import { PageMeta } from '@/components/page-meta'
import { CustomerLogin } from '@/features/auth/components/customer-login'

export function LoginPage() {
  return (
    <>
      <PageMeta title="Sign in" description="Sign in to your Whisk account to check out and see your orders." />
      <CustomerLogin />
    </>
  )
}
