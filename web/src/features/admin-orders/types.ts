import type { components } from '@/lib/api-types'

/** The statuses an order can have; an admin may set any of them on the edit screen. */
export const ORDER_STATUS_OPTIONS = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const

type Schemas = components['schemas']

export type OrderStatus = Schemas['OrderStatus']

/** One line of an order at the price it was charged (money in rupees; image a URL path or ''). */
export type OrderItem = Schemas['OrderItem']

/** The customer an order belongs to. */
export type OrderCustomer = Schemas['OrderCustomer']

/** An order as the API returns it, generated from the server's OpenAPI document. */
export type Order = Schemas['Order']

/** A customer as GET /users/search returns one: what the create screen shows and prefills from. */
export type CustomerOption = Pick<
  Schemas['User'],
  '_id' | 'username' | 'email' | 'address' | 'city' | 'state' | 'mobile' | 'company' | 'status'
>

/**
 * A product as GET /products and GET /products/search return one, cut down to what an order line
 * needs (this feature does not share the products feature's types).
 */
export type ProductOption = Pick<
  Schemas['ProductView'],
  '_id' | 'title' | 'company' | 'sellingPrice' | 'stock' | 'image1' | 'gstRate' | 'hsn'
>

/** The terms of the coupon an order used, as it was priced with them. */
export type OrderCoupon = Schemas['OrderCoupon']

/** A line being edited: an order item whose amount the form changes (its tax is worked out live). */
export type DraftLine = Pick<OrderItem, 'productId' | 'name' | 'price' | 'image' | 'amount' | 'gstRate' | 'hsn'>

/** A line of the create screen: its amount is the quantity box's text, checked against `maxAmount`. */
export type CreateLine = Omit<DraftLine, 'amount'> & {
  /** The quantity as typed. */
  amountText: string
  /** The most this line may hold: 20, or fewer when less is in stock. */
  maxAmount: number
}

/**
 * Ship-to fields of the create screen, prefilled from the chosen customer. `state` is one of
 * India's states or union territories as gstRegions() names it, or '' until one is chosen.
 */
export type ShipTo = { name: string; address: string; city: string; state: string }

/** The editable fields of the edit screen besides its lines. */
export type OrderEditValues = { name: string; email: string; address: string; status: OrderStatus; discount: string }
