import { Card, CardContent } from '@/components/ui/card'
import { formatInr, orderTotals, type Cart } from '@/lib/pricing'

/**
 * What is being bought, above the totals at checkout: each line's picture, title, amount and
 * value (through the pricing module, which the checkout route waits for).
 */
export function CheckoutItems({ cart }: { cart: Cart }) {
  const count = cart.numItemsInCart
  return (
    <Card aria-labelledby="checkout-items-heading" role="region" className="gap-3">
      <CardContent className="space-y-3">
        <h2 id="checkout-items-heading" className="font-semibold">
          Your order ({count} {count === 1 ? 'item' : 'items'})
        </h2>
        <ul className="divide-y text-sm">
          {cart.cartItems.map((line) => (
            <li key={line.cartID} className="flex items-center gap-3 py-2">
              {line.image ? (
                <img src={line.image} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md object-cover" />
              ) : (
                <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-muted" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block break-words">{line.title}</span>
                <span className="text-muted-foreground">
                  {line.amount} × {formatInr(line.price)}
                </span>
              </span>
              <span className="tabular-nums">{formatInr(orderTotals([line], 0).subtotal)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
