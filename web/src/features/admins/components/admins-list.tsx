import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { ActionsHead, RowActionsCell } from '@/components/row-actions'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteAdmin } from '@/features/admins/api/delete-admin'
import { useAdmins } from '@/features/admins/api/get-admins'
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
  const deletion = useConfirmedDelete(useDeleteAdmin(), {
    noun: 'admin',
    keyOf: (admin: Admin) => admin._id,
    nameOf: (admin) => admin.username,
  })

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
            <ActionsHead />
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
            <RowActionsCell
              editTo={`/admin/admins/edit/${encodeURIComponent(admin._id)}`}
              onDelete={() => deletion.ask(admin)}
            />
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}
