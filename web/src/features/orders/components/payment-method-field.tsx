import { Banknote, Smartphone } from 'lucide-react'
import type { ReactNode } from 'react'

import { focusRing } from '@/components/ui/focus-ring'
import type { PaymentMethod } from '@/features/orders/types'
import { cn } from '@/lib/utils'

const CHOICES: Record<PaymentMethod, { label: string; detail: string; icon: ReactNode }> = {
  cod: {
    label: 'Cash on delivery',
    detail: 'Pay in cash or by UPI to the courier when your order arrives.',
    icon: <Banknote aria-hidden="true" className="size-5" />,
  },
  upi: {
    label: 'UPI',
    detail: 'After you place the order, scan its QR code or open your UPI app to pay the exact amount.',
    icon: <Smartphone aria-hidden="true" className="size-5" />,
  },
}

type PaymentMethodFieldProps = {
  /** The methods the shop takes (GET /shop), cash on delivery first. */
  methods: readonly PaymentMethod[]
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
}

/** How the customer pays: one radio card per method the shop takes, keyboard-usable as native radios. */
export function PaymentMethodField({ methods, value, onChange }: PaymentMethodFieldProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 font-semibold">Payment method</legend>
      {methods.map((method) => {
        const choice = CHOICES[method]
        return (
          <label
            key={method}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-accent"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className={cn('mt-1 size-4 accent-primary', focusRing)}
            />
            <span className="mt-0.5 text-muted-foreground">{choice.icon}</span>
            <span className="grid gap-1">
              <span className="font-medium">{choice.label}</span>
              <span className="text-sm text-muted-foreground">{choice.detail}</span>
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
