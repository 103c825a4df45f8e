import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'

import { Card, CardContent, CardFooter } from '@/components/ui/card'
import { cartAtom } from '@/features/cart/atoms'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

/**
 * The cart's totals as the pricing module computed them. Shipping is shown for information only: the
 * order total does not include it. `children` (the way to checkout) goes under the totals.
 */
export function CartTotals({ children }: { children?: ReactNode }) {
  const cart = useAtomValue(cartAtom)
  return (
    <Card aria-labelledby="cart-totals-heading" role="region" className="gap-4">
      <CardContent className="space-y-3">
        <h2 id="cart-totals-heading" className="sr-only">
          Cart totals
        </h2>
        <dl className="divide-y text-sm">
          <TotalRow label="Subtotal" value={formatInr(cart.cartTotal)} />
          <TotalRow label="Shipping" value={formatInr(cart.shipping)} />
          <TotalRow label="Tax" value={formatInr(cart.tax)} />
          <TotalRow label="Order Total" value={formatInr(cart.orderTotal)} strong />
        </dl>
        <p className="text-xs text-muted-foreground">
          Shipping is shown for information and is not added to the order total.
        </p>
      </CardContent>
      {children && <CardFooter className="flex-col items-stretch">{children}</CardFooter>}
    </Card>
  )
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', strong ? 'pt-3 text-base font-semibold' : 'py-2')}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
