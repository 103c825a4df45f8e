import type { CheckoutPayload, Shipping, ShippingDefaults } from '@/features/orders/types'
import { formatInr, type Cart } from '@/lib/pricing'

/** The checkout form's starting values: the customer's name and address as they registered them. */
export function shippingDefaults(user: ShippingDefaults): Shipping {
  return { name: user.username, address: user.address, city: user.city, state: user.state, company: user.company }
}

/**
 * The body of POST /orders for this cart shipped to `shipping`: one line per cart line at the
 * price the customer saw (the server answers 409 `price_changed` if it is no longer current), and
 * the cart's own totals, which the server ignores and computes again.
 */
export function checkoutPayload(cart: Cart, shipping: Shipping): CheckoutPayload {
  return {
    name: shipping.name.trim(),
    address: shipping.address.trim(),
    city: shipping.city.trim(),
    state: shipping.state.trim(),
    company: shipping.company.trim(),
    chargeTotal: cart.cartTotal,
    orderTotal: formatInr(cart.orderTotal),
    numItemsInCart: cart.numItemsInCart,
    cartItems: cart.cartItems.map((line) => ({
      productId: line.productID,
      amount: line.amount,
      price: line.price,
      name: line.title,
      image: line.image,
    })),
  }
}
