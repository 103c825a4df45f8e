import { ApiError, errorMessage } from '@/lib/api-errors'
import type { PriceUpdate } from '@/lib/pricing'

/** Shown when a failed checkout carries no message of its own. */
export const CHECKOUT_FALLBACK_MESSAGE = 'there was an error placing your order'

/** Shown for a `price_changed` answer that carries no message. */
export const PRICES_CHANGED_MESSAGE = 'Prices changed since you added these items. Please review your order.'

/** Shown for an `out_of_stock` or `product_unavailable` answer that carries no message. */
export const CART_CHANGED_MESSAGE = 'Some items in your cart are no longer available in that amount'

/** Shown for a refused coupon whose answer carries no message. */
export const COUPON_REFUSED_MESSAGE = 'This coupon cannot be used'

/** What the checkout screen does about a failed POST /orders. */
export type CheckoutFailure =
  /** 401 or 403: the session is not good for ordering; say why and go and sign in. */
  | { kind: 'sign-in'; message: string }
  /** 404 `coupon_not_found` or 409 `coupon_unusable`: take the coupon off the cart, say why, stay. */
  | { kind: 'coupon-refused'; message: string }
  /** 409 `price_changed`: put these prices in the cart, say so, stay. */
  | { kind: 'prices-changed'; updates: PriceUpdate[]; message: string }
  /** 409 `out_of_stock` or `product_unavailable`: the cart refreshes from the catalog; say why, stay. */
  | { kind: 'cart-changed'; message: string }
  /** Anything else (out of stock, unavailable, invalid fields, server down): say it, stay. */
  | { kind: 'message'; message: string }

/** The envelope's `details` of an API error, if any. */
export function errorDetails(error: unknown): unknown {
  return error instanceof ApiError ? error.details : undefined
}

/** The new prices in a `price_changed` error's details (`[{productId, price}]`); malformed entries are skipped. */
export function priceUpdates(details: unknown): PriceUpdate[] {
  if (!Array.isArray(details)) return []
  return details.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return []
    const { productId, price } = entry as { productId?: unknown; price?: unknown }
    return typeof productId === 'string' && typeof price === 'number' && Number.isFinite(price) && price >= 0
      ? [{ productId, price }]
      : []
  })
}

/** Sorts a failed checkout into what the screen does next. */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) {
      return { kind: 'sign-in', message: errorMessage(error, CHECKOUT_FALLBACK_MESSAGE) }
    }
    if (error.code === 'coupon_not_found' || error.code === 'coupon_unusable') {
      return { kind: 'coupon-refused', message: errorMessage(error, COUPON_REFUSED_MESSAGE) }
    }
    if (error.code === 'price_changed') {
      const updates = priceUpdates(errorDetails(error))
      if (updates.length > 0) return { kind: 'prices-changed', updates, message: error.message || PRICES_CHANGED_MESSAGE }
    }
    if (error.code === 'out_of_stock' || error.code === 'product_unavailable') {
      return { kind: 'cart-changed', message: errorMessage(error, CART_CHANGED_MESSAGE) }
    }
  }
  return { kind: 'message', message: errorMessage(error, CHECKOUT_FALLBACK_MESSAGE) }
}
