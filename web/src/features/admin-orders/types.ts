/** The statuses an order can have; an admin may set any of them on the edit screen. */
export const ORDER_STATUS_OPTIONS = ['pending', 'paid', 'delivered', 'cancelled'] as const

export type OrderStatus = (typeof ORDER_STATUS_OPTIONS)[number]

/** One line of an order as the API shows it. Money is rupees as a JSON number. */
export type OrderItem = {
  productId: string
  /** The product's title when ordered. */
  name: string
  /** The unit price charged. */
  price: number
  amount: number
  /** The product's image URL when ordered, or ''. */
  image: string
}

/** The customer an order belongs to. */
export type OrderCustomer = { _id: string; username: string; email: string; company: string }

/** An order as GET /orders and GET /orders/{id} return it. */
export type Order = {
  _id: string
  /** The number people quote, such as ORD1001. */
  orderId: string
  name: string
  email: string
  address: string
  city: string
  state: string
  company: string
  cartItems: OrderItem[]
  numItemsInCart: number
  /** The subtotal: the sum of price times amount. */
  chargeTotal: number
  discount: number
  /** What is charged: max(0, chargeTotal - discount). */
  orderTotal: number
  status: OrderStatus
  user: OrderCustomer
  createdAt: string
  updatedAt: string
}

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
