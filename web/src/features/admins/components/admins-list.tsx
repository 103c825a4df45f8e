import { useState } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { Pagination } from '@/components/pagination'
import { TableSkeletonRows } from '@/components/table-skeleton-rows'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useDeleteAdmin } from '@/features/admins/api/delete-admin'
import { useAdmins } from '@/features/admins/api/get-admins'
import type { Admin, AdminRole } from '@/features/admins/types'
import { errorMessage } from '@/lib/api-errors'
import { pageSearch, readPage } from '@/lib/page-search'

const roleBadge: Record<AdminRole, BadgeProps['variant']> = {
  superadmin: 'default',
  admin: 'secondary',
  staff: 'outline',
}

const COLUMNS = 4

/** The admins table at the URL's ?page, with Edit links and a confirmed Delete. */
export function AdminsList({ token }: { token: string | undefined }) {
  const [searchParams] = useSearchParams()
  const { search } = useLocation()
  const page = readPage(searchParams)
  const admins = useAdmins(page, token)
  const deleteAdmin = useDeleteAdmin(token)
  const [target, setTarget] = useState<Admin | null>(null)

  function confirmDelete() {
    if (!target) return
    deleteAdmin.mutate(target._id, {
      onSuccess: () => toast.success('Admin deleted'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete admin')),
      onSettled: () => setTarget(null),
    })
  }

  const pagination = admins.data?.meta.pagination
  if (pagination && pagination.pageCount > 0 && page > pagination.pageCount) {
    return <Navigate to={{ search: pageSearch(search, pagination.pageCount) }} replace />
  }

  return (
    <div className="space-y-6">
      {admins.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(admins.error, 'Failed to fetch admins')}
        </p>
      ) : admins.data?.data.length === 0 ? (
        <p role="status" className="rounded-lg border bg-card p-6 text-center text-muted-foreground">
          No admins found.
        </p>
      ) : (
        <>
          {admins.isPending && (
            <p role="status" className="sr-only">
              Loading admins
            </p>
          )}
          <div className="rounded-lg border bg-card">
            <Table aria-label="Admins" aria-busy={admins.isFetching || undefined}>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {admins.data ? (
                  admins.data.data.map((admin) => (
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
                  ))
                ) : (
                  <TableSkeletonRows columns={COLUMNS} />
                )}
              </TableBody>
            </Table>
          </div>
          {pagination && <Pagination page={page} pageCount={pagination.pageCount} />}
        </>
      )}
      <ConfirmDeleteDialog
        name={target?.username ?? null}
        pending={deleteAdmin.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}
