import { formatInr, type Cart, type CartLine } from '@/lib/pricing'

/**
 * What the shop changed in a cart to match the catalog, one sentence per line changed: a new
 * price, an amount lowered to the stock left, a line taken out. Lines the shopper changed
 * (added, or an amount raised) are not the shop's doing and are not described.
 */
export function cartChanges(before: Cart, after: Cart): string[] {
  const now = new Map(after.cartItems.map((line) => [line.cartID, line]))
  return before.cartItems.flatMap((line) => lineChanges(line, now.get(line.cartID)))
}

function lineChanges(before: CartLine, after: CartLine | undefined): string[] {
  const { title } = before
  if (after === undefined) return [`${title} is no longer available and was removed from your cart`]
  const changes: string[] = []
  if (after.price !== before.price) {
    changes.push(`The price of ${title} changed from ${formatInr(before.price)} to ${formatInr(after.price)}`)
  }
  if (after.amount < before.amount) {
    const verb = after.amount === 1 ? 'is' : 'are'
    changes.push(`Only ${after.amount} of ${title} ${verb} left: your cart now has ${after.amount}`)
  }
  return changes
}
