import { PageMeta } from '@/components/page-meta'
import { CreateUserForm } from '@/features/users/components/create-user-form'

export function AdminCreateUserPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Create user · Admin" />
      <h1 className="text-3xl">Create user</h1>
      <CreateUserForm />
    </section>
  )
}
