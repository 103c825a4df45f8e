import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'

import { CartChangesNotice } from '@/components/cart-changes-notice'
import { useCartProducts } from '@/features/cart/api/get-cart-products'
import { cartAtom, cartCatalogChangesAtom, dismissCatalogChangesAtom } from '@/features/cart/atoms'
import { CartLineItem } from '@/features/cart/components/cart-line-item'
import { useCartProductIds } from '@/features/cart/use-cart-follows-catalog'

/** The cart's lines, in the order they were added, under a notice of what the catalog changed in them. */
export function CartItems({ onRemoved }: { onRemoved: () => void }) {
  const { cartItems } = useAtomValue(cartAtom)
  const products = useCartProducts(useCartProductIds())
  const changes = useAtomValue(cartCatalogChangesAtom)
  const dismissChanges = useSetAtom(dismissCatalogChangesAtom)
  useEffect(() => dismissChanges, [dismissChanges])

  return (
    <div className="space-y-4">
      <CartChangesNotice changes={changes} />
      <ul aria-label="Cart items" className="divide-y border-b">
        {cartItems.map((line) => (
          <CartLineItem
            key={line.cartID}
            line={line}
            stock={products[line.productID]?.stock}
            onRemoved={onRemoved}
          />
        ))}
      </ul>
    </div>
  )
}
