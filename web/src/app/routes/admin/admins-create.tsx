import { CreateAdminForm } from '@/features/admins/components/create-admin-form'

export function AdminCreateAdminPage() {
  return (
    <section className="space-y-6">
      <h1 className="text-3xl">Create admin</h1>
      <CreateAdminForm />
    </section>
  )
}
