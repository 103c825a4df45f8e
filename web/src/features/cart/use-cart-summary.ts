import { useAtomValue } from 'jotai'
import { useState } from 'react'

import { useGstRates } from '@/features/cart/api/get-gst-rates'
import { cartAtom, cartCouponAtom, cartGstRatesAtom } from '@/features/cart/atoms'
import { cartSummary, placeOfSupply, type CartSummary, type PlaceOfSupply } from '@/features/cart/cart-summary'
import { useCartFollowsCatalog } from '@/features/cart/use-cart-follows-catalog'
import { usePricingStatus } from '@/lib/pricing'
import { useShopInfo } from '@/lib/shop-info'

export type CartSummaryView = {
  /** Null until the pricing wasm has loaded: the lines show at once, the totals when it arrives. */
  summary: CartSummary | null
  /** True when the pricing wasm failed to load: the totals say so and offer to try again. */
  pricingFailed: boolean
  /** Where the GST is worked out for; null while the shop is loading or no state is chosen. */
  place: PlaceOfSupply | null
  /** True while the GST cannot be shown yet: the shop or a product's rate is on its way. */
  gstPending: boolean
}

type Options = {
  /** The state the order ships to, as typed or chosen; may be empty or unknown. */
  shipTo: string | undefined
  /** Work the GST out for the shop's own state when `shipTo` is not a state (the cart does). */
  fallbackToShop: boolean
}

/**
 * The cart's totals with its coupon and the GST for a ship-to state. GST rates come from the
 * cart (kept when each line was added); lines saved without one get it from GET /products/{id}.
 * The lines themselves are first brought up to date with the catalog (useCartFollowsCatalog),
 * so the totals are what the server will charge.
 */
export function useCartSummary({ shipTo, fallbackToShop }: Options): CartSummaryView {
  const cart = useAtomValue(cartAtom)
  const coupon = useAtomValue(cartCouponAtom)
  const keptRates = useAtomValue(cartGstRatesAtom)
  const shop = useShopInfo()
  const pricing = usePricingStatus()
  // A coupon's validity window is judged from when the cart opened; the server judges it again
  // when the order is placed.
  const [openedMs] = useState(() => Date.now())
  useCartFollowsCatalog()

  const missing = [...new Set(cart.cartItems.map((line) => line.productID))].filter((id) => !(id in keptRates))
  const fetched = useGstRates(missing)
  const gstRates = { ...fetched.rates, ...keptRates }

  if (pricing !== 'ready') {
    const pricingFailed = pricing === 'failed'
    return { summary: null, pricingFailed, place: null, gstPending: !pricingFailed }
  }
  const place = shop.data ? placeOfSupply(shop.data.state, shipTo, fallbackToShop) : null
  const summary = cartSummary({
    cart,
    gstRates,
    coupon,
    supply: place?.supply ?? null,
    delivery: shop.data?.delivery ?? null,
    nowMs: openedMs,
  })
  return { summary, pricingFailed: false, place, gstPending: shop.isPending || (place !== null && fetched.pending) }
}
