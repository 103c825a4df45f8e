import { lineAmount, parseDiscount } from '@/features/admin-orders/order-lines'
import { findRegion } from '@/features/admin-orders/order-tax'
import type { CustomerOption, DraftLine, OrderEditValues, ShipTo } from '@/features/admin-orders/types'
import type { CartItemInput, OrderChanges, OrderForCustomer } from '@/lib/api-schemas'
import { checkGstin } from '@/lib/pricing'
import { capitalize } from '@/lib/text'

/** Why the create screen cannot send its order yet. */
export type CreateOrderProblem =
  /** No customer chosen, or no product added: 'Select a user and add at least one product'. */
  | 'missing'
  /** A quantity or the discount is not valid. */
  | 'invalid'
  /** The buyer GSTIN is not a valid GSTIN. */
  | 'gstin'

export type CreateOrderBody = { ok: true; body: OrderForCustomer } | { ok: false; problem: CreateOrderProblem }

/** The buyer GSTIN box: blank is none; otherwise the GSTIN upper-cased, or why it is not one. */
export function readGstin(text: string): { gstin: string | null } | { error: string } {
  if (text.trim() === '') return { gstin: null }
  const check = checkGstin(text.trim())
  return 'gstin' in check ? { gstin: check.gstin } : { error: capitalize(check.error) }
}

/**
 * The POST /orders body of the create screen (inside `{"data": ...}`), or why there is none yet.
 * The server computes every total and takes each line's name and image from the product.
 */
export function createOrderBody(
  customer: CustomerOption | null,
  shipTo: ShipTo,
  lines: DraftLine[],
  discountText: string,
  gstinText = '',
): CreateOrderBody {
  if (!customer || lines.length === 0) return { ok: false, problem: 'missing' }
  const discount = parseDiscount(discountText)
  const cartItems = lineItems(lines)
  if (cartItems === null || discount === null) return { ok: false, problem: 'invalid' }
  const gstin = readGstin(gstinText)
  if ('error' in gstin) return { ok: false, problem: 'gstin' }
  return {
    ok: true,
    body: {
      userId: customer._id,
      name: shipTo.name.trim(),
      address: shipTo.address.trim(),
      city: shipTo.city.trim(),
      state: shipTo.state.trim(),
      ...(shipTo.pinCode.trim() ? { pinCode: shipTo.pinCode.replace(/\s+/g, '') } : {}),
      ...(shipTo.phone.trim() ? { phone: shipTo.phone.trim() } : {}),
      discount,
      cartItems,
      ...(gstin.gstin ? { gstin: gstin.gstin } : {}),
    },
  }
}

/** What the server is sent of each line (it names and prices the lines itself), or null while a quantity is not valid. */
function lineItems(lines: DraftLine[]): CartItemInput[] | null {
  const items: CartItemInput[] = []
  for (const line of lines) {
    const amount = lineAmount(line)
    if (amount === null) return null
    items.push({ productId: line.productId, price: line.price, amount })
  }
  return items
}

/**
 * The PATCH /orders/{id} body of the edit screen, or null while a quantity or the discount is not
 * valid. The server recomputes the totals; lines the order had keep their price. A blank PIN code
 * or phone keeps the order's, and the payment status goes only when the admin changed it (so
 * marking the order `paid` marks its payment too, on the server). Once the order is invoiced
 * (`invoiced`), its lines, discount, name and address (with the PIN code) cannot change, so those
 * are not sent (nor checked).
 */
export function updateOrderBody(values: OrderEditValues, lines: DraftLine[], invoiced = false): OrderChanges | null {
  const phone = values.phone.trim()
  const pinCode = values.pinCode.replace(/\s+/g, '')
  const always: OrderChanges = {
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    status: values.status,
    ...(values.paymentStatus ? { paymentStatus: values.paymentStatus } : {}),
  }
  if (invoiced) return always
  const discount = parseDiscount(values.discount)
  const cartItems = lineItems(lines)
  if (discount === null || cartItems === null) return null
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    ...(pinCode ? { pinCode } : {}),
    ...always,
    discount,
    cartItems,
  }
}

/**
 * The ship-to fields prefilled from a customer. The state is the state or union territory the
 * customer's names, ignoring case, or '' when it names none (the admin then chooses one); the
 * phone is their mobile; no PIN code was asked at registration.
 */
export function shipToFromCustomer(customer: CustomerOption): ShipTo {
  return {
    name: customer.username,
    address: customer.address,
    city: customer.city,
    state: findRegion(customer.state)?.name ?? '',
    pinCode: '',
    phone: customer.mobile,
  }
}
