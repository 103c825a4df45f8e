import { describe, expect, it } from 'vitest'

import {
  CART_CHANGED_MESSAGE,
  CHECKOUT_FALLBACK_MESSAGE,
  checkoutFailure,
  COUPON_REFUSED_MESSAGE,
  errorDetails,
  PRICES_CHANGED_MESSAGE,
  priceUpdates,
} from '@/features/orders/checkout-failure'
import { ApiError, type ApiErrorCode } from '@/lib/api-errors'

/** An ApiError as the order calls throw it: with the envelope's details on it. */
function apiError(status: number, code: ApiErrorCode, message: string, details?: unknown) {
  return Object.assign(new ApiError(status, code, message), { details })
}

describe('priceUpdates', () => {
  it('reads the [{productId, price}] of a price_changed answer', () => {
    const details = [
      { productId: 'p1', price: 249.5 },
      { productId: 'p2', price: 0 },
    ]
    expect(priceUpdates(details)).toEqual(details)
  })

  it('skips entries that are not a product id and a price', () => {
    const details = [
      { productId: 'p1', price: '12' },
      { productId: 7, price: 12 },
      { productId: 'p2' },
      { productId: 'p3', price: -1 },
      { productId: 'p4', price: Number.NaN },
      null,
      'p5',
      { productId: 'p6', price: 99, extra: true },
    ]
    expect(priceUpdates(details)).toEqual([{ productId: 'p6', price: 99 }])
  })

  it('is empty for details that are not a list', () => {
    expect(priceUpdates(undefined)).toEqual([])
    expect(priceUpdates({ productId: 'p1', left: 3 })).toEqual([])
  })
})

describe('errorDetails', () => {
  it('reads the details an ApiError carries, and nothing from other errors', () => {
    expect(errorDetails(apiError(409, 'out_of_stock', 'Only 3 left', { productId: 'p1', left: 3 }))).toEqual({
      productId: 'p1',
      left: 3,
    })
    expect(errorDetails(new ApiError(409, 'out_of_stock', 'Only 3 left'))).toBeUndefined()
    expect(errorDetails(new Error('boom'))).toBeUndefined()
  })
})

describe('checkoutFailure', () => {
  it('sends 401 and 403 to sign in, with the server message', () => {
    expect(checkoutFailure(new ApiError(401, 'unauthorized', 'Your session has ended.'))).toEqual({
      kind: 'sign-in',
      message: 'Your session has ended.',
    })
    expect(checkoutFailure(new ApiError(403, 'forbidden', ''))).toEqual({
      kind: 'sign-in',
      message: CHECKOUT_FALLBACK_MESSAGE,
    })
  })

  it('turns price_changed into the new prices and the server message', () => {
    const error = apiError(409, 'price_changed', 'Prices changed since you added them: Flour now costs ₹260.00.', [
      { productId: 'p1', price: 260 },
    ])
    expect(checkoutFailure(error)).toEqual({
      kind: 'prices-changed',
      updates: [{ productId: 'p1', price: 260 }],
      message: 'Prices changed since you added them: Flour now costs ₹260.00.',
    })
  })

  it('has a message of its own for a price_changed answer without one', () => {
    const error = apiError(409, 'price_changed', '', [{ productId: 'p1', price: 260 }])
    expect(checkoutFailure(error)).toMatchObject({ kind: 'prices-changed', message: PRICES_CHANGED_MESSAGE })
  })

  it('shows a price_changed answer without usable details as a message', () => {
    expect(checkoutFailure(apiError(409, 'price_changed', 'Prices changed', undefined))).toEqual({
      kind: 'message',
      message: 'Prices changed',
    })
  })

  it('turns stock and availability conflicts into a cart to refresh, with the server message', () => {
    const stock = apiError(409, 'out_of_stock', 'Only 3 left of Bread Flour 1 kg', { productId: 'p1', left: 3 })
    expect(checkoutFailure(stock)).toEqual({ kind: 'cart-changed', message: 'Only 3 left of Bread Flour 1 kg' })
    const gone = apiError(409, 'product_unavailable', 'A product in this order is no longer sold', [{ productId: 'p1' }])
    expect(checkoutFailure(gone)).toEqual({ kind: 'cart-changed', message: 'A product in this order is no longer sold' })
    expect(checkoutFailure(apiError(409, 'out_of_stock', '', { productId: 'p1', left: 0 }))).toEqual({
      kind: 'cart-changed',
      message: CART_CHANGED_MESSAGE,
    })
  })

  it('shows field failures as the server words them', () => {
    const invalid = new ApiError(400, 'validation_failed', 'invalid order', { address: 'is required' })
    expect(checkoutFailure(invalid)).toEqual({ kind: 'message', message: 'invalid order' })
  })

  it('turns a refused coupon into taking it off the cart, with the server message', () => {
    const unknown = new ApiError(404, 'coupon_not_found', 'There is no such coupon code')
    expect(checkoutFailure(unknown)).toEqual({ kind: 'coupon-refused', message: 'There is no such coupon code' })
    const expired = apiError(409, 'coupon_unusable', 'This coupon has expired', { reason: 'expired' })
    expect(checkoutFailure(expired)).toEqual({ kind: 'coupon-refused', message: 'This coupon has expired' })
    const used = apiError(409, 'coupon_unusable', '', { reason: 'used_by_you' })
    expect(checkoutFailure(used)).toEqual({ kind: 'coupon-refused', message: COUPON_REFUSED_MESSAGE })
  })

  it('keeps the other conflicts as messages: stock and too many pending orders', () => {
    const pending = apiError(409, 'too_many_pending_orders', 'You have too many orders waiting for payment')
    expect(checkoutFailure(pending)).toEqual({ kind: 'message', message: 'You have too many orders waiting for payment' })
  })

  it('falls back to the shop message when there is no server message', () => {
    expect(checkoutFailure(new Error('boom'))).toEqual({ kind: 'message', message: CHECKOUT_FALLBACK_MESSAGE })
    expect(checkoutFailure(new ApiError(500, 'internal_error', ''))).toEqual({
      kind: 'message',
      message: CHECKOUT_FALLBACK_MESSAGE,
    })
  })
})
