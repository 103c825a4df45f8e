import type { CatalogProducts } from '@/features/cart/api/get-cart-products'
import {
  cartEditItem,
  cartRemoveItem,
  cartUpdatePrices,
  lineAmountLimit,
  type Cart,
  type PriceUpdate,
} from '@/lib/pricing'

/**
 * The cart brought up to date with the catalog: each line at its product's current price, its
 * amount lowered to what the stock allows, out when the product is gone or sold out. Lines whose
 * product is not in `products` (still loading) stay as they are; an unchanged cart is returned
 * as the same object.
 */
export function followCatalog(cart: Cart, products: CatalogProducts): Cart {
  let next = cart
  const prices: PriceUpdate[] = []
  for (const line of cart.cartItems) {
    const product = products[line.productID]
    if (product === undefined) continue
    const limit = product === null ? 0 : lineAmountLimit(product.stock)
    if (product === null || limit === 0) {
      next = cartRemoveItem(next, line.cartID)
      continue
    }
    if (product.price !== line.price) prices.push({ productId: line.productID, price: product.price })
    if (line.amount > limit) next = cartEditItem(next, line.cartID, limit)
  }
  return prices.length > 0 ? cartUpdatePrices(next, prices) : next
}
