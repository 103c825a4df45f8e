import { Badge, type BadgeProps } from '@/components/ui/badge'
import type { PaymentStatus } from '@/lib/api-schemas'

const variants: Record<PaymentStatus, BadgeProps['variant']> = {
  unpaid: 'warning',
  paid: 'success',
  refunded: 'secondary',
}

const methods = { cod: 'Cash on delivery', upi: 'UPI' } as const

/** How an order is paid for, as words: "Cash on delivery" or "UPI". */
export function paymentMethodText(method: keyof typeof methods): string {
  return methods[method]
}

/** Whether an order is paid, as a badge coloured by status; the word itself carries the meaning. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={variants[status] ?? 'outline'} className="capitalize">
      {status}
    </Badge>
  )
}
