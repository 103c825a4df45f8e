import type { OrderItem, OrderStatus, PaymentStatus, Product, User } from '@/lib/api-schemas'

/** The statuses an order can have, in the order the edit screen offers them. */
export const ORDER_STATUS_OPTIONS = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[]

/** What the create screen shows of a customer that GET /users/search found, and prefills from. */
export type CustomerOption = Pick<
  User,
  '_id' | 'username' | 'email' | 'address' | 'city' | 'state' | 'mobile' | 'company' | 'status'
>

/** What an order line needs of a product that GET /products or GET /products/search found. */
export type ProductOption = Pick<
  Product,
  '_id' | 'title' | 'company' | 'sellingPrice' | 'stock' | 'image1' | 'gstRate' | 'hsn'
>

/**
 * A line of an order on the create or the edit screen, as the shared line editor shows it: the
 * product, the unit price it is charged and its GST rate, and the quantity as typed, checked
 * against `maxAmount`.
 */
export type DraftLine = Pick<OrderItem, 'productId' | 'name' | 'price' | 'image' | 'gstRate' | 'hsn'> & {
  /** The quantity as typed. */
  amountText: string
  /**
   * The most this line may hold. A new line: 20, or fewer when less is in stock. A line the order
   * already had: its amount plus 5 (at most 20), within what the stock allows.
   */
  maxAmount: number
  /** For a line the order already had: the amount it was saved with (and keeps its price). */
  savedAmount?: number
}

/**
 * Ship-to fields of the create screen, prefilled from the chosen customer. `state` is one of
 * India's states or union territories as gstRegions() names it, or '' until one is chosen.
 */
export type ShipTo = {
  name: string
  address: string
  city: string
  state: string
  /** As typed; blank sends none. */
  pinCode: string
  /** As typed; blank leaves the customer's mobile. */
  phone: string
}

/** The editable fields of the edit screen besides its lines. */
export type OrderEditValues = {
  name: string
  email: string
  address: string
  /** As typed; blank keeps what the order has. */
  pinCode: string
  /** As typed; blank keeps what the order has. */
  phone: string
  status: OrderStatus
  /** The payment status the admin chose, or null when they left it as it was. */
  paymentStatus: PaymentStatus | null
  discount: string
}

/** Whether an order is paid, as the edit screen offers it. */
export const PAYMENT_STATUS_OPTIONS = ['unpaid', 'paid', 'refunded'] as const satisfies readonly PaymentStatus[]
