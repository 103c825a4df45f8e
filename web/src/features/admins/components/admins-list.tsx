import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { ActionsHead, RowActions, RowActionsCell } from '@/components/row-actions'
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

/** The role as a badge; the word is the role's own, upper-cased at its start like every badge. */
function RoleBadge({ role }: { role: AdminRole }) {
  return (
    <Badge variant={roleBadge[role]} className="capitalize">
      {role}
    </Badge>
  )
}

const editPath = (admin: Admin) => `/admin/admins/edit/${encodeURIComponent(admin._id)}`

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
        cards={admins.data?.data.map((admin) => (
          <RecordCard
            key={admin._id}
            title={admin.username}
            badge={<RoleBadge role={admin.role} />}
            actions={<RowActions editTo={editPath(admin)} onDelete={() => deletion.ask(admin)} label={admin.username} />}
          >
            <RecordField label="Email">{admin.email}</RecordField>
          </RecordCard>
        ))}
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
              <RoleBadge role={admin.role} />
            </TableCell>
            <RowActionsCell editTo={editPath(admin)} onDelete={() => deletion.ask(admin)} label={admin.username} />
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}
