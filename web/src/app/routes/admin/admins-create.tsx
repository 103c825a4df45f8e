import { PageMeta } from '@/components/page-meta'
import { CreateAdminForm } from '@/features/admins/components/create-admin-form'

export function AdminCreateAdminPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Create admin · Admin" />
      <h1 className="text-3xl">Create admin</h1>
      <CreateAdminForm />
    </section>
  )
}
