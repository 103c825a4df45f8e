import { createLineAmount, createTotals, draftTotals, parseDiscount } from '@/features/admin-orders/order-lines'
import type {
  CreateLine,
  CustomerOption,
  DraftLine,
  OrderEditValues,
  OrderItem,
  OrderStatus,
  ShipTo,
} from '@/features/admin-orders/types'

/** One line as POST and PATCH /orders take it. The server takes name and image from the product. */
export type OrderItemInput = OrderItem

/** POST /orders by an admin, on behalf of a customer. The server recomputes every total. */
export type CreateOrderInput = {
  data: {
    userId: string
    name: string
    address: string
    city: string
    state: string
    discount: number
    numItemsInCart: number
    cartItems: OrderItemInput[]
  }
}

/** PATCH /orders/{id}. The server recomputes the totals; lines the order had keep their price. */
export type UpdateOrderInput = {
  name: string
  email: string
  address: string
  discount: number
  numItemsInCart: number
  orderTotal: number
  status: OrderStatus
  cartItems: OrderItemInput[]
}

/** Why the create screen cannot send its order yet. */
export type CreateOrderProblem =
  /** No customer chosen, or no product added: 'Select a user and add at least one product'. */
  | 'missing'
  /** A quantity or the discount is not valid. */
  | 'invalid'

export type CreateOrderBody = { ok: true; body: CreateOrderInput } | { ok: false; problem: CreateOrderProblem }

/** The POST /orders body of the create screen, or why there is none yet. */
export function createOrderBody(
  customer: CustomerOption | null,
  shipTo: ShipTo,
  lines: CreateLine[],
  discountText: string,
): CreateOrderBody {
  if (!customer || lines.length === 0) return { ok: false, problem: 'missing' }
  const discount = parseDiscount(discountText)
  const cartItems: OrderItemInput[] = []
  for (const line of lines) {
    const amount = createLineAmount(line)
    if (amount === null) return { ok: false, problem: 'invalid' }
    cartItems.push({ productId: line.productId, name: line.name, price: line.price, amount, image: line.image })
  }
  if (discount === null) return { ok: false, problem: 'invalid' }
  return {
    ok: true,
    body: {
      data: {
        userId: customer._id,
        name: shipTo.name.trim(),
        address: shipTo.address.trim(),
        city: shipTo.city.trim(),
        state: shipTo.state.trim(),
        discount,
        numItemsInCart: createTotals(lines, discountText).numItemsInCart,
        cartItems,
      },
    },
  }
}

/** The PATCH /orders/{id} body of the edit screen, or null while the discount is not valid. */
export function updateOrderBody(values: OrderEditValues, lines: DraftLine[]): UpdateOrderInput | null {
  const discount = parseDiscount(values.discount)
  if (discount === null) return null
  const totals = draftTotals(lines, values.discount)
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    address: values.address.trim(),
    discount,
    numItemsInCart: totals.numItemsInCart,
    orderTotal: totals.total,
    status: values.status,
    cartItems: lines.map(({ productId, name, price, amount, image }) => ({ productId, name, price, amount, image })),
  }
}

/** The ship-to fields prefilled from a customer. */
export function shipToFromCustomer(customer: CustomerOption): ShipTo {
  return { name: customer.username, address: customer.address, city: customer.city, state: customer.state }
}
