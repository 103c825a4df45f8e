/** The checkout form's shipping fields, in the order the form shows them. */
export const SHIPPING_FIELDS = ['name', 'address', 'city', 'state', 'pinCode', 'phone', 'company'] as const

export type ShippingField = (typeof SHIPPING_FIELDS)[number]

/** Where a checkout ships to. */
export type Shipping = Record<ShippingField, string>

/** What the checkout form starts with: the signed-in customer's own details. */
export type ShippingDefaults = {
  username: string
  address: string
  city: string
  state: string
  company: string
  mobile: string
}

/** How a customer pays: cash on delivery, or UPI to the shop after placing the order. */
export type PaymentMethod = 'cod' | 'upi'

/** What a checkout adds for a GST invoice and a discount; each is optional. */
export type CheckoutExtras = {
  /** The code of the coupon the cart applies, when it takes something off. */
  couponCode: string | null
  /** The buyer's GSTIN as typed ('' for none). */
  gstin: string
  /** The registered business name for the invoice ('' for none). */
  businessName: string
  paymentMethod: PaymentMethod
}
