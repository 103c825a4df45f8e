import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'

import { useCartProducts, type CatalogProducts } from '@/features/cart/api/get-cart-products'
import { cartAtom, followCatalogAtom } from '@/features/cart/atoms'
import { usePricingLoaded } from '@/lib/pricing'

/** The ids of the products in the cart, each once. */
export function useCartProductIds(): string[] {
  const { cartItems } = useAtomValue(cartAtom)
  return [...new Set(cartItems.map((line) => line.productID))]
}

/**
 * Asks the server for the current price and stock of every product in the cart (again after a
 * refused checkout refreshes the shop's product queries) and brings the cart up to date with them.
 */
export function useCartFollowsCatalog(): CatalogProducts {
  const products = useCartProducts(useCartProductIds())
  const follow = useSetAtom(followCatalogAtom)
  // Also once the pricing wasm is in, which may be after a failed download was tried again.
  const pricingLoaded = usePricingLoaded()
  // The answers as text, so the cart is compared again when they change, not on every render.
  const answers = JSON.stringify(products)
  useEffect(() => {
    if (pricingLoaded) void follow(JSON.parse(answers) as CatalogProducts)
  }, [answers, follow, pricingLoaded])
  return products
}
