import { useRef, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { SubmitButton } from '@/components/ui/submit-button'
import { usePlaceOrder } from '@/features/orders/api/place-order'
import { checkoutAttempt, newIdempotencyKey, type CheckoutAttempt } from '@/features/orders/checkout-attempt'
import { checkoutFailure, type CheckoutFailure } from '@/features/orders/checkout-failure'
import { checkoutPayload, shippingDefaults } from '@/features/orders/checkout-payload'
import { SHIPPING_FIELDS, type ShippingDefaults } from '@/features/orders/types'
import { fieldErrors } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'
import type { Cart, PriceUpdate } from '@/lib/pricing'
import { cn } from '@/lib/utils'

type CheckoutFormProps = {
  cart: Cart
  /** The signed-in customer, whose details prefill the form. */
  customer: ShippingDefaults
  token: string
  /** The server reported newer prices: put them in the cart. */
  onPricesChanged: (updates: PriceUpdate[]) => void
  /** The order is placed and the screen has moved to /orders: empty the cart. */
  onPlaced: () => void
}

/**
 * The shipping form that places the order. Every attempt for the same cart carries the same
 * Idempotency-Key, so a double click or a retry can never place two orders. On a price change the
 * cart takes the new prices and the customer stays to review them; on success the screen moves to
 * /orders.
 */
export function CheckoutForm({ cart, customer, token, onPricesChanged, onPlaced }: CheckoutFormProps) {
  const navigate = useNavigate()
  const placeOrder = usePlaceOrder(token)
  const attempt = useRef<CheckoutAttempt | null>(null)
  const errors = fieldErrors(placeOrder.error)
  const failure = placeOrder.error ? checkoutFailure(placeOrder.error) : null
  const initial = shippingDefaults(customer)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (placeOrder.isPending) return
    attempt.current = checkoutAttempt(attempt.current, cart, newIdempotencyKey)
    const shipping = formFields(new FormData(event.currentTarget), SHIPPING_FIELDS)
    placeOrder.mutate(
      { payload: checkoutPayload(cart, shipping), idempotencyKey: attempt.current.key },
      {
        onSuccess: async () => {
          toast.success('order placed successfully')
          // Leave first, so the checkout screen never shows the emptied cart.
          await navigate('/orders', { flushSync: true })
          onPlaced()
        },
        onError: (error) => {
          const next = checkoutFailure(error)
          switch (next.kind) {
            case 'sign-in':
              toast.error(next.message)
              navigate('/login')
              return
            case 'prices-changed':
              onPricesChanged(next.updates)
              toast.warning(next.message)
              return
            case 'message':
              toast.error(next.message)
              return
          }
        },
      },
    )
  }

  return (
    <Card aria-labelledby="shipping-heading" role="region">
      <CardContent>
        <h2 id="shipping-heading" className="mb-4 text-xl font-semibold">
          Shipping Information
        </h2>
        <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Name"
            name="name"
            autoComplete="name"
            defaultValue={initial.name}
            required
            error={errors.name}
            className="sm:col-span-2"
          />
          <FormField
            label="Address"
            name="address"
            autoComplete="street-address"
            defaultValue={initial.address}
            required
            error={errors.address}
            className="sm:col-span-2"
          />
          <FormField
            label="City"
            name="city"
            autoComplete="address-level2"
            defaultValue={initial.city}
            error={errors.city}
          />
          <FormField
            label="State"
            name="state"
            autoComplete="address-level1"
            defaultValue={initial.state}
            error={errors.state}
          />
          <FormField
            label="Company"
            name="company"
            autoComplete="organization"
            defaultValue={initial.company}
            error={errors.company}
            className="sm:col-span-2"
          />
          {failure && failure.kind !== 'sign-in' && <CheckoutProblem failure={failure} />}
          <SubmitButton pending={placeOrder.isPending} className="w-full sm:col-span-2">
            Place Your Order
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  )
}

/** Why the last attempt failed, next to the button that tries again. */
function CheckoutProblem({ failure }: { failure: Exclude<CheckoutFailure, { kind: 'sign-in' }> }) {
  const pricesChanged = failure.kind === 'prices-changed'
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border p-3 text-sm sm:col-span-2',
        pricesChanged ? 'border-transparent bg-warning text-warning-foreground' : 'border-destructive text-destructive',
      )}
    >
      <p>{failure.message}</p>
      {pricesChanged && <p className="mt-1">Your cart now shows the current prices.</p>}
    </div>
  )
}
