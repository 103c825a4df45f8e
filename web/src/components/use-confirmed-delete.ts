import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'

import { errorMessage } from '@/lib/api-errors'
import { capitalize } from '@/lib/text'

type DeleteMutation = Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>

type ConfirmedDeleteOptions<T> = {
  /** What is deleted, lower case: the toasts say '<Noun> deleted' and 'Failed to delete <noun>'. */
  noun: string
  /** What the delete call takes: the item's id or code. */
  keyOf: (item: T) => string
  /** How the confirm dialog names the item. */
  nameOf: (item: T) => string
}

/**
 * A back-office list's Delete: `ask(item)` opens the confirm dialog that `dialog` holds the props of;
 * confirming deletes, toasts the outcome (a refusal such as a staff admin's 403 or a category still in
 * use gets the server's reason) and closes the dialog once the delete settles.
 */
export function useConfirmedDelete<T>(mutation: DeleteMutation, { noun, keyOf, nameOf }: ConfirmedDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null)

  function onConfirm() {
    if (!target) return
    mutation.mutate(keyOf(target), {
      onSuccess: () => toast.success(`${capitalize(noun)} deleted`),
      onError: (error) => toast.error(errorMessage(error, `Failed to delete ${noun}`)),
      onSettled: () => setTarget(null),
    })
  }

  return {
    ask: (item: T) => setTarget(item),
    dialog: {
      name: target ? nameOf(target) : null,
      pending: mutation.isPending,
      onConfirm,
      onCancel: () => setTarget(null),
    },
  }
}
