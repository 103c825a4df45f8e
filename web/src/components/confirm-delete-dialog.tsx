import { Loader2 } from 'lucide-react'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

type ConfirmDeleteDialogProps = {
  /** The name of what is about to be deleted; the dialog is open while it is set. */
  name: string | null
  pending: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** The 'Confirm Deletion' dialog of the back-office lists. It stays open, busy, until the delete settles. */
export function ConfirmDeleteDialog({ name, pending, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog
      open={name !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel()
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Confirm Deletion</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete {name}? This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
            {pending && <Loader2 aria-hidden="true" className="animate-spin" />}
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
