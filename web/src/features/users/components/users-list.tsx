import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useDeleteUser } from '@/features/users/api/delete-user'
import { useUsers } from '@/features/users/api/get-users'
import { useSearchUsers } from '@/features/users/api/search-users'
import { UsersSearchForm } from '@/features/users/components/users-search-form'
import { errorMessage } from '@/lib/api-errors'
import type { User, UserStatus } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'

const statusBadge: Record<UserStatus, BadgeProps['variant']> = { active: 'success', inactive: 'secondary' }

const COLUMNS = 9

/**
 * The customers table: search results for the URL's ?q=, otherwise the page at ?page, with Edit
 * links and a confirmed Delete.
 */
export function UsersList() {
  const [searchParams] = useSearchParams()
  const q = searchParams.get('q')?.trim() ?? ''
  const page = readPage(searchParams)
  const pageQuery = useUsers(page, q === '')
  const searchQuery = useSearchUsers(q)
  const users = q === '' ? pageQuery : searchQuery
  const deleteUser = useDeleteUser()
  const [target, setTarget] = useState<User | null>(null)

  function confirmDelete() {
    if (!target) return
    deleteUser.mutate(target._id, {
      onSuccess: () => toast.success('User deleted'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete user')),
      onSettled: () => setTarget(null),
    })
  }

  return (
    <div className="space-y-6">
      <UsersSearchForm q={q} />
      <PagedTable
        query={users}
        page={page}
        pagination={q === '' ? users.data?.meta.pagination : undefined}
        noun="users"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>City</TableHead>
            <TableHead>State</TableHead>
            <TableHead>Mobile</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="sticky right-0 bg-card text-right">Actions</TableHead>
          </TableRow>
        }
      >
        {users.data?.data.map((user) => (
          <TableRow key={user._id}>
            <TableCell className="font-medium whitespace-nowrap">{user.username}</TableCell>
            <TableCell className="whitespace-nowrap">{user.email}</TableCell>
            <TableCell className="min-w-40">{user.address}</TableCell>
            <TableCell>{user.city}</TableCell>
            <TableCell>{user.state}</TableCell>
            <TableCell className="whitespace-nowrap">{user.mobile}</TableCell>
            <TableCell>{user.company}</TableCell>
            <TableCell>
              <Badge variant={statusBadge[user.status]}>{user.status}</Badge>
            </TableCell>
            <TableCell className="sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]">
              <div className="flex justify-end gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/users/edit/${encodeURIComponent(user._id)}`}>
                    Edit
                  </Link>
                </Button>
                <Button variant="destructive" size="sm" onClick={() => setTarget(user)}>
                  Delete
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog
        name={target?.username ?? null}
        pending={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}
