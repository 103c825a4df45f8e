import type { components } from '@/lib/api-types'

/** Where an order stands. A shipped or delivered order has a GST tax invoice. */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const

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

/** Where an order was supplied to for GST: the ship-to state and its GST code. */
export type PlaceOfSupply = Schemas['PlaceOfSupply']

/** The checkout form's shipping fields, in the order the form shows them. */
export const SHIPPING_FIELDS = ['name', 'address', 'city', 'state', 'company'] as const

export type ShippingField = (typeof SHIPPING_FIELDS)[number]

/** Where a checkout ships to. */
export type Shipping = Record<ShippingField, string>

/** What the checkout form starts with: the signed-in customer's own details. */
export type ShippingDefaults = { username: string; address: string; city: string; state: string; company: string }

/** What a checkout adds for a GST invoice and a discount; each is optional. */
export type CheckoutExtras = {
  /** The code of the coupon the cart applies, when it takes something off. */
  couponCode: string | null
  /** The buyer's GSTIN as typed ('' for none). */
  gstin: string
  /** The registered business name for the invoice ('' for none). */
  businessName: string
  /** The total the customer saw, coupon taken off (the server computes its own). */
  total: number
}

/** One line of a checkout: the price is the one the customer saw, checked again by the server. */
export type CheckoutItem = Schemas['CartItemInput']

/**
 * The body of POST /orders, inside `{"data": ...}`. The server recomputes every total; the
 * client's are sent as the shop always sent them (orderTotal as rupee text).
 */
export type CheckoutPayload = Schemas['Checkout']
