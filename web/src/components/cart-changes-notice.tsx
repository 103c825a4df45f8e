import { cn } from '@/lib/utils'

type CartChangesNoticeProps = {
  /** What changed in the cart, one sentence each (cartChanges); nothing is shown for none. */
  changes: string[]
  /** Said after the changes: what the shopper may do now. */
  hint?: string
  className?: string
}

/**
 * A polite live region saying what the shop changed in the cart. It is always rendered, so a
 * screen reader hears the changes the moment they appear.
 */
export function CartChangesNotice({ changes, hint, className }: CartChangesNoticeProps) {
  return (
    <div role="status" aria-live="polite" className={cn(changes.length === 0 && 'sr-only', className)}>
      {changes.length > 0 && (
        <div className="space-y-1 rounded-md bg-warning p-3 text-sm text-warning-foreground">
          <p className="font-semibold">Your cart was updated</p>
          <ul className="list-disc space-y-1 pl-5">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          {hint && <p>{hint}</p>}
        </div>
      )}
    </div>
  )
}
