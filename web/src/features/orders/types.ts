import type { components } from '@/lib/api-types'

/** Where an order stands. Only a delivered order has an invoice for its customer. */
export const ORDER_STATUSES = ['pending', 'paid', 'delivered', 'cancelled'] as const

type Schemas = components['schemas']

export type OrderStatus = Schemas['OrderStatus']

/** One line of an order at the price it was charged (money in rupees; image a URL path or ''). */
export type OrderItem = Schemas['OrderItem']

/** The customer an order belongs to. */
export type OrderCustomer = Schemas['OrderCustomer']

/** An order as the API returns it, generated from the server's OpenAPI document. */
export type Order = Schemas['Order']

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
