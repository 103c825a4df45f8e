import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { UsersList } from '@/features/users/components/users-list'

export function AdminUsersPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Users · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Users</h1>
        <Button asChild>
          <Link to="/admin/users/create">+ Add user</Link>
        </Button>
      </div>
      <UsersList />
    </section>
  )
}
