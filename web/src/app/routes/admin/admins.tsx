import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { AdminsList } from '@/features/admins/components/admins-list'

export function AdminAdminsPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Admins · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Admins</h1>
        <Button asChild>
          <Link to="/admin/admins/create">+ Add Admin</Link>
        </Button>
      </div>
      <AdminsList />
    </section>
  )
}
