import { useAdminToken } from '@/app/use-admin-token'
import { CreateUserForm } from '@/features/users/components/create-user-form'

export function AdminCreateUserPage() {
  const token = useAdminToken()
  return (
    <section className="space-y-6">
      <h1 className="text-3xl">Create user</h1>
      <CreateUserForm token={token} />
    </section>
  )
}
