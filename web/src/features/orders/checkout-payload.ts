import { mobileDigits, pinCodeInput } from '@/features/orders/contact-fields'
import { regionName } from '@/features/orders/regions'
import type { CheckoutExtras, Shipping, ShippingDefaults } from '@/features/orders/types'
import type { Checkout } from '@/lib/api-schemas'
import type { Cart } from '@/lib/pricing'

/**
 * The checkout form's starting values: the customer's name, address and mobile as they
 * registered them. The state is kept only when it names one of India's states or territories (in
 * any case), as the select offers them; otherwise the customer chooses. The PIN code was never
 * asked at registration, so it starts empty.
 */
export function shippingDefaults(user: ShippingDefaults): Shipping {
  return {
    name: user.username,
    address: user.address,
    city: user.city,
    state: regionName(user.state) ?? '',
    pinCode: '',
    phone: user.mobile,
    company: user.company,
  }
}

/**
 * The body of POST /orders for this cart shipped to `shipping`: one line per cart line at the
 * price the customer saw (the server answers 409 `price_changed` if it is no longer current), the
 * PIN code and phone (normalised as the server stores them), the payment method, and the coupon,
 * GSTIN and business name when there are any. The server computes every total.
 */
export function checkoutPayload(cart: Cart, shipping: Shipping, extras: CheckoutExtras): Checkout {
  const gstin = extras.gstin.replace(/\s+/g, '').toUpperCase()
  const businessName = extras.businessName.trim()
  return {
    name: shipping.name.trim(),
    address: shipping.address.trim(),
    city: shipping.city.trim(),
    state: shipping.state.trim(),
    pinCode: pinCodeInput(shipping.pinCode),
    phone: mobileDigits(shipping.phone) ?? shipping.phone.trim(),
    company: shipping.company.trim(),
    paymentMethod: extras.paymentMethod,
    ...(extras.couponCode ? { couponCode: extras.couponCode } : {}),
    ...(gstin ? { gstin } : {}),
    ...(businessName ? { businessName } : {}),
    cartItems: cart.cartItems.map((line) => ({ productId: line.productID, amount: line.amount, price: line.price })),
  }
}
