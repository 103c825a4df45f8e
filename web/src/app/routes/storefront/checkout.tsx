import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { Link } from 'react-router'

import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { sessionAtom } from '@/features/auth/atoms'
import { cartAtom, clearCartAtom, removeCouponAtom, updatePricesAtom } from '@/features/cart/atoms'
import { CartTotals } from '@/features/cart/components/cart-totals'
import { useCartSummary } from '@/features/cart/use-cart-summary'
import { CheckoutForm } from '@/features/orders/components/checkout-form'
import { CheckoutItems } from '@/features/orders/components/checkout-items'
import { SignInRedirect } from '@/features/orders/components/sign-in-redirect'
import { shippingDefaults } from '@/features/orders/checkout-payload'
import { useShopInfo } from '@/lib/shop-info'

/**
 * Checkout for a signed-in customer: the shipping and payment form beside what is being bought
 * and the totals, whose GST follows the state chosen in the form. On a phone the items and totals
 * come after the form and before the place-order button.
 */
export function CheckoutPage() {
  return (
    <>
      <PageMeta title="Checkout" />
      <Checkout />
    </>
  )
}

function Checkout() {
  const session = useAtomValue(sessionAtom)
  const cart = useAtomValue(cartAtom)
  const clearCart = useSetAtom(clearCartAtom)
  const updatePrices = useSetAtom(updatePricesAtom)
  const removeCoupon = useSetAtom(removeCouponAtom)
  const [shipTo, setShipTo] = useState(() => (session ? shippingDefaults(session.user).state : ''))
  const view = useCartSummary({ shipTo, fallbackToShop: false })
  const shop = useShopInfo()

  if (!session) return <SignInRedirect warning="You must be logged in to checkout" />
  if (cart.numItemsInCart === 0) {
    return (
      <section className="space-y-8">
        <h1 className="border-b pb-4 text-3xl sm:text-4xl">Your cart is empty</h1>
        <Button asChild>
          <Link to="/products">Browse products</Link>
        </Button>
      </section>
    )
  }
  // The route waits for the pricing wasm (router.tsx), so the totals are there; the type allows none.
  if (view.summary === null) return <FormSkeleton fields={6} label="Loading checkout" />
  const { coupon } = view.summary
  return (
    <section className="space-y-8">
      <h1 className="border-b pb-4 text-3xl sm:text-4xl">place your order</h1>
      <CheckoutForm
        cart={cart}
        customer={session.user}
        state={shipTo}
        onStateChange={setShipTo}
        couponCode={coupon?.applied ? coupon.code : null}
        paymentMethods={shop.data?.paymentMethods ?? ['cod']}
        onPricesChanged={updatePrices}
        onCouponRefused={removeCoupon}
        onPlaced={clearCart}
        summary={(action) => (
          <div className="grid gap-4">
            <CheckoutItems cart={cart} />
            <CartTotals view={view} noPlaceHint="Choose a state to see the GST in this total.">
              {action}
            </CartTotals>
          </div>
        )}
      />
    </section>
  )
}
