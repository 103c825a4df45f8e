import { Badge, type BadgeProps } from '@/components/ui/badge'
import { actionLabel } from '@/features/audit/audit-display'
import type { AuditAction } from '@/lib/api-schemas'

const variants: Record<AuditAction, BadgeProps['variant']> = {
  create: 'success',
  update: 'secondary',
  delete: 'destructive',
  import: 'outline',
}

/** What an entry did, as a badge coloured by action; the word itself carries the meaning. */
export function ActionBadge({ action }: { action: AuditAction }) {
  return <Badge variant={variants[action] ?? 'outline'}>{actionLabel(action)}</Badge>
}
