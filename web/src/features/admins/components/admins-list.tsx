import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useDeleteAdmin } from '@/features/admins/api/delete-admin'
import { useAdmins } from '@/features/admins/api/get-admins'
import { errorMessage } from '@/lib/api-errors'
import type { Admin, AdminRole } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'

const roleBadge: Record<AdminRole, BadgeProps['variant']> = {
  superadmin: 'default',
  admin: 'secondary',
  staff: 'outline',
}

const COLUMNS = 4

/** The admins table at the URL's ?page, with Edit links and a confirmed Delete. */
export function AdminsList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const admins = useAdmins(page)
  const deleteAdmin = useDeleteAdmin()
  const [target, setTarget] = useState<Admin | null>(null)

  function confirmDelete() {
    if (!target) return
    deleteAdmin.mutate(target._id, {
      onSuccess: () => toast.success('Admin deleted'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete admin')),
      onSettled: () => setTarget(null),
    })
  }

  return (
    <div className="space-y-6">
      <PagedTable
        query={admins}
        page={page}
        pagination={admins.data?.meta.pagination}
        noun="admins"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        }
      >
        {admins.data?.data.map((admin) => (
          <TableRow key={admin._id}>
            <TableCell className="font-medium whitespace-nowrap">{admin.username}</TableCell>
            <TableCell>{admin.email}</TableCell>
            <TableCell>
              <Badge variant={roleBadge[admin.role]}>{admin.role}</Badge>
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/admins/edit/${encodeURIComponent(admin._id)}`}>
                    Edit
                  </Link>
                </Button>
                <Button variant="destructive" size="sm" onClick={() => setTarget(admin)}>
                  Delete
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog
        name={target?.username ?? null}
        pending={deleteAdmin.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}
