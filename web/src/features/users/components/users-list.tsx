import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { ActionsHead, RowActions, RowActionsCell } from '@/components/row-actions'
import { SearchForm } from '@/components/search-form'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteUser } from '@/features/users/api/delete-user'
import { useUsers } from '@/features/users/api/get-users'
import { useSearchUsers } from '@/features/users/api/search-users'
import type { User, UserStatus } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'

const statusBadge: Record<UserStatus, BadgeProps['variant']> = { active: 'success', inactive: 'secondary' }

const COLUMNS = 5

/** The account's status as a badge, upper-cased at its start like every badge. */
function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant={statusBadge[status]} className="capitalize">
      {status}
    </Badge>
  )
}

const editPath = (user: User) => `/admin/users/edit/${encodeURIComponent(user._id)}`
const place = (user: User) => [user.city, user.state].filter(Boolean).join(', ')

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
  const deletion = useConfirmedDelete(useDeleteUser(), {
    noun: 'user',
    keyOf: (user: User) => user._id,
    nameOf: (user) => user.username,
  })

  return (
    <div className="space-y-6">
      <SearchForm q={q} label="Search users" />
      <PagedTable
        query={users}
        page={page}
        pagination={q === '' ? users.data?.meta.pagination : undefined}
        noun="users"
        columns={COLUMNS}
        cards={users.data?.data.map((user) => (
          <RecordCard
            key={user._id}
            title={user.username}
            subtitle={user.company}
            badge={<StatusBadge status={user.status} />}
            actions={<RowActions editTo={editPath(user)} onDelete={() => deletion.ask(user)} label={user.username} />}
          >
            <RecordField label="Email">{user.email}</RecordField>
            <RecordField label="Mobile">{user.mobile}</RecordField>
            <RecordField label="Address">
              {user.address}
              <span className="block text-muted-foreground">{place(user)}</span>
            </RecordField>
          </RecordCard>
        ))}
        head={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Contact</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>Status</TableHead>
            <ActionsHead sticky />
          </TableRow>
        }
      >
        {users.data?.data.map((user) => (
          <TableRow key={user._id}>
            <TableCell className="min-w-32">
              <span className="font-medium">{user.username}</span>
              <span className="block text-sm text-muted-foreground">{user.company}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {user.email}
              <span className="block text-sm text-muted-foreground">{user.mobile}</span>
            </TableCell>
            <TableCell className="min-w-40">
              {user.address}
              <span className="block text-sm text-muted-foreground">{place(user)}</span>
            </TableCell>
            <TableCell>
              <StatusBadge status={user.status} />
            </TableCell>
            <RowActionsCell sticky editTo={editPath(user)} onDelete={() => deletion.ask(user)} label={user.username} />
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}
