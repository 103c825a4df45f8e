/** Where an order stands. Only a delivered order has an invoice for its customer. */
export const ORDER_STATUSES = ['pending', 'paid', 'delivered', 'cancelled'] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** One line of a placed order, at the price it was charged. */
export type OrderItem = {
  productId: string
  name: string
  /** Unit price in rupees. */
  price: number
  amount: number
  /** A URL path, or '' when the product had no picture. */
  image: string
}

/** The customer an order belongs to. */
export type OrderCustomer = { _id: string; username: string; email: string; company: string }

/** An order as GET /orders, GET /orders/{id} and POST /orders return it; money in rupees. */
export type Order = {
  _id: string
  /** The number people quote: ORD1001, ORD1002, ... */
  orderId: string
  name: string
  email: string
  address: string
  city: string
  state: string
  company: string
  cartItems: OrderItem[]
  numItemsInCart: number
  /** The subtotal: price times amount over the lines. */
  chargeTotal: number
  discount: number
  /** What is charged: max(0, subtotal - discount). */
  orderTotal: number
  status: OrderStatus
  user: OrderCustomer
  /** RFC 3339. */
  createdAt: string
  updatedAt: string
}

/** `{"order": ...}`. */
export type OrderResponse = { order: Order }

/** The checkout form's fields, in the order the form shows them. */
export const SHIPPING_FIELDS = ['name', 'address', 'city', 'state', 'company'] as const

export type ShippingField = (typeof SHIPPING_FIELDS)[number]

/** Where a checkout ships to. */
export type Shipping = Record<ShippingField, string>

/** What the checkout form starts with: the signed-in customer's own details. */
export type ShippingDefaults = { username: string; address: string; city: string; state: string; company: string }

/** One line of a checkout: the price is the one the customer saw, checked again by the server. */
export type CheckoutItem = { productId: string; amount: number; price: number; name: string; image: string }

/**
 * The body of POST /orders, inside `{"data": ...}`. The server recomputes every total; the
 * client's are sent as the shop always sent them (orderTotal as rupee text).
 */
export type CheckoutPayload = Shipping & {
  chargeTotal: number
  orderTotal: string
  numItemsInCart: number
  cartItems: CheckoutItem[]
}
