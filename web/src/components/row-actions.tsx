import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Button } from '@/components/ui/button'
import { TableCell, TableHead } from '@/components/ui/table'
import { cn } from '@/lib/utils'

/** A wide table keeps its actions column in view, pinned to the right edge while the rest scrolls. */
type Pinned = { sticky?: boolean }

/** The 'Actions' header of a back-office table. */
export function ActionsHead({ sticky }: Pinned) {
  return <TableHead className={cn(sticky && 'sticky right-0 bg-card', 'text-right')}>Actions</TableHead>
}

type RowActionsProps = {
  /** The record's edit screen. */
  editTo: string
  onDelete: () => void
  /** Names the record in the buttons' accessible names ('Edit …', 'Delete …'). */
  label?: string
  className?: string
  /** Actions before Edit. */
  children?: ReactNode
}

/** A back-office record's actions: an Edit link and a Delete button, right-aligned. */
export function RowActions({ editTo, onDelete, label, className, children }: RowActionsProps) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      {children}
      <Button asChild variant="outline" size="sm">
        <Link to={editTo} aria-label={label ? `Edit ${label}` : undefined}>
          Edit
        </Link>
      </Button>
      <Button variant="destructive" size="sm" aria-label={label ? `Delete ${label}` : undefined} onClick={onDelete}>
        Delete
      </Button>
    </div>
  )
}

/** A back-office row's last cell: its actions (see RowActions). */
export function RowActionsCell({ sticky, ...actions }: Pinned & RowActionsProps) {
  return (
    <TableCell className={sticky ? 'sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]' : undefined}>
      <RowActions {...actions} />
    </TableCell>
  )
}
