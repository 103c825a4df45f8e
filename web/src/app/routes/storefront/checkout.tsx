import { useAtomValue, useSetAtom } from 'jotai'
import { Link } from 'react-router'

import { Button } from '@/components/ui/button'
import { sessionAtom } from '@/features/auth/atoms'
import { cartAtom, clearCartAtom, updatePricesAtom } from '@/features/cart/atoms'
import { CartTotals } from '@/features/cart/components/cart-totals'
import { CheckoutForm } from '@/features/orders/components/checkout-form'
import { SignInRedirect } from '@/features/orders/components/sign-in-redirect'

/** Checkout for a signed-in customer: the shipping form beside the cart's totals. */
export function CheckoutPage() {
  const session = useAtomValue(sessionAtom)
  const cart = useAtomValue(cartAtom)
  const clearCart = useSetAtom(clearCartAtom)
  const updatePrices = useSetAtom(updatePricesAtom)

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
  return (
    <section className="space-y-8">
      <h1 className="border-b pb-4 text-3xl sm:text-4xl">place your order</h1>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <CheckoutForm
          cart={cart}
          customer={session.user}
          token={session.token}
          onPricesChanged={updatePrices}
          onPlaced={clearCart}
        />
        <CartTotals />
      </div>
    </section>
  )
}
