import { useAtomValue } from 'jotai'

import { cartAtom } from '@/features/cart/atoms'
import { CartLineItem } from '@/features/cart/components/cart-line-item'

/** The cart's lines, in the order they were added. */
export function CartItems({ onRemoved }: { onRemoved: () => void }) {
  const { cartItems } = useAtomValue(cartAtom)
  return (
    <ul aria-label="Cart items" className="divide-y border-b">
      {cartItems.map((line) => (
        <CartLineItem key={line.cartID} line={line} onRemoved={onRemoved} />
      ))}
    </ul>
  )
}
