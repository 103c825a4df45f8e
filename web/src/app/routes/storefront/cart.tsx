import { useAtomValue } from 'jotai'
import { useRef } from 'react'
import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { sessionAtom } from '@/features/auth/atoms'
import { cartAtom } from '@/features/cart/atoms'
import { CartItems } from '@/features/cart/components/cart-items'
import { CartTotals } from '@/features/cart/components/cart-totals'
import { CouponBox } from '@/features/cart/components/coupon-box'
import { useCartSummary } from '@/features/cart/use-cart-summary'

/**
 * The cart: its lines and totals with the GST for the customer's own state (the shop's when it is
 * not known), a coupon box, then checkout for a signed-in customer or a way to sign in.
 */
export function CartPage() {
  const { numItemsInCart } = useAtomValue(cartAtom)
  const session = useAtomValue(sessionAtom)
  const summary = useCartSummary({ shipTo: session?.user.state, fallbackToShop: true })
  // After a line is removed its button is gone; focus moves to the heading, which stays (its text
  // changes when the last line goes).
  const headingRef = useRef<HTMLHeadingElement>(null)
  const empty = numItemsInCart === 0

  return (
    // data-cart-page: the cart page's shell is hidden while a saved cart with lines waits for the app (index.css).
    <section data-cart-page="" className="space-y-8">
      <PageMeta title="Cart" description="The baking supplies in your Whisk cart, with their totals." />
      <h1 ref={headingRef} tabIndex={-1} className="border-b pb-4 text-3xl outline-none sm:text-4xl">
        {empty ? 'Your cart is empty' : 'Shopping Cart'}
      </h1>
      {empty ? (
        <Button asChild>
          <Link to="/products">Browse products</Link>
        </Button>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <CartItems onRemoved={() => headingRef.current?.focus()} />
          <CartTotals view={summary}>
            <CouponBox signedIn={session !== null} applies={summary.summary?.coupon?.applied ?? false} />
            {session ? (
              <Button asChild>
                <Link to="/checkout">proceed to checkout</Link>
              </Button>
            ) : (
              <Button asChild>
                <Link to="/login">please login</Link>
              </Button>
            )}
          </CartTotals>
        </div>
      )}
    </section>
  )
}
