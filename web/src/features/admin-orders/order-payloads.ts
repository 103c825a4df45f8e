import { createLineAmount, createTotals, draftTotals, parseDiscount } from '@/features/admin-orders/order-lines'
import { findRegion } from '@/features/admin-orders/order-tax'
import type {
  CreateLine,
  CustomerOption,
  DraftLine,
  OrderEditValues,
  ShipTo,
} from '@/features/admin-orders/types'
import type { components } from '@/lib/api-types'
import { checkGstin } from '@/lib/pricing'

type Schemas = components['schemas']

/** One line as POST and PATCH /orders take it. The server takes name and image from the product. */
export type OrderItemInput = Schemas['CartItemInput']

/** POST /orders by an admin, on behalf of a customer. The server recomputes every total. */
export type CreateOrderInput = Schemas['OrderForCustomerRequest']

/** PATCH /orders/{id}: every field optional. The server recomputes the totals; lines the order had keep their price. */
export type UpdateOrderInput = Schemas['OrderChanges']

/** Why the create screen cannot send its order yet. */
export type CreateOrderProblem =
  /** No customer chosen, or no product added: 'Select a user and add at least one product'. */
  | 'missing'
  /** A quantity or the discount is not valid. */
  | 'invalid'
  /** The buyer GSTIN is not a valid GSTIN. */
  | 'gstin'

export type CreateOrderBody = { ok: true; body: CreateOrderInput } | { ok: false; problem: CreateOrderProblem }

/** The buyer GSTIN box: blank is none; otherwise the GSTIN upper-cased, or why it is not one. */
export function readGstin(text: string): { gstin: string | null } | { error: string } {
  if (text.trim() === '') return { gstin: null }
  const check = checkGstin(text.trim())
  return 'gstin' in check ? { gstin: check.gstin } : { error: check.error.charAt(0).toUpperCase() + check.error.slice(1) }
}

/** The POST /orders body of the create screen, or why there is none yet. */
export function createOrderBody(
  customer: CustomerOption | null,
  shipTo: ShipTo,
  lines: CreateLine[],
  discountText: string,
  gstinText = '',
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
  const gstin = readGstin(gstinText)
  if ('error' in gstin) return { ok: false, problem: 'gstin' }
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
        ...(gstin.gstin ? { gstin: gstin.gstin } : {}),
      },
    },
  }
}

/**
 * The PATCH /orders/{id} body of the edit screen, or null while the discount is not valid. Once
 * the order is invoiced (`invoiced`), its lines, discount, name and address cannot change, so only
 * the status and the e-mail are sent.
 */
export function updateOrderBody(values: OrderEditValues, lines: DraftLine[], invoiced = false): UpdateOrderInput | null {
  if (invoiced) return { email: values.email.trim(), status: values.status }
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

/**
 * The ship-to fields prefilled from a customer. The state is the state or union territory the
 * customer's names, ignoring case, or '' when it names none (the admin then chooses one).
 */
export function shipToFromCustomer(customer: CustomerOption): ShipTo {
  return {
    name: customer.username,
    address: customer.address,
    city: customer.city,
    state: findRegion(customer.state)?.name ?? '',
  }
}
