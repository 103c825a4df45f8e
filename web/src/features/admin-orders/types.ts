import type { components } from '@/lib/api-types'

/** The statuses an order can have; an admin may set any of them on the edit screen. */
export const ORDER_STATUS_OPTIONS = ['pending', 'paid', 'delivered', 'cancelled'] as const

type Schemas = components['schemas']

export type OrderStatus = Schemas['OrderStatus']

/** One line of an order at the price it was charged (money in rupees; image a URL path or ''). */
export type OrderItem = Schemas['OrderItem']

/** The customer an order belongs to. */
export type OrderCustomer = Schemas['OrderCustomer']

/** An order as the API returns it, generated from the server's OpenAPI document. */
export type Order = Schemas['Order']

/** A customer as GET /users/search returns one: what the create screen shows and prefills from. */
export type CustomerOption = {
  _id: string
  username: string
  email: string
  address: string
  city: string
  state: string
  mobile: string
  company: string
  status: 'active' | 'inactive'
}

/**
 * A product as GET /products and GET /products/search return one, cut down to what an order line
 * needs (this feature does not share the products feature's types).
 */
export type ProductOption = {
  _id: string
  title: string
  company: string
  /** What a new line is charged. */
  sellingPrice: number
  stock: number
  image1: { url: string; thumbnail: string } | null
}

/** A line being edited: an order item whose amount the form changes. */
export type DraftLine = OrderItem

/** A line of the create screen: its amount is the quantity box's text, checked against `maxAmount`. */
export type CreateLine = Omit<OrderItem, 'amount'> & {
  /** The quantity as typed. */
  amountText: string
  /** The most this line may hold: 20, or fewer when less is in stock. */
  maxAmount: number
}

/** Ship-to fields of the create screen, prefilled from the chosen customer. */
export type ShipTo = { name: string; address: string; city: string; state: string }

/** The editable fields of the edit screen besides its lines. */
export type OrderEditValues = { name: string; email: string; address: string; status: OrderStatus; discount: string }
