import { Badge, type BadgeProps } from '@/components/ui/badge'
import type { OrderStatus } from '@/lib/api-schemas'

const variants: Record<OrderStatus, BadgeProps['variant']> = {
  pending: 'warning',
  paid: 'default',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
}

/** An order's status as a badge coloured by status; the word itself carries the meaning. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={variants[status] ?? 'outline'} className="capitalize">
      {status}
    </Badge>
  )
}
