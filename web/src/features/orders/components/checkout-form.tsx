import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { CartChangesNotice } from '@/components/cart-changes-notice'
import { Field, FormField } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { SubmitButton } from '@/components/ui/submit-button'
import { usePlaceOrder } from '@/features/orders/api/place-order'
import { checkoutAttempt, newIdempotencyKey, type CheckoutAttempt } from '@/features/orders/checkout-attempt'
import { checkoutFailure, type CheckoutFailure } from '@/features/orders/checkout-failure'
import { checkoutPayload, shippingDefaults } from '@/features/orders/checkout-payload'
import { PaymentMethodField } from '@/features/orders/components/payment-method-field'
import { phoneMessage, pinCodeMessage } from '@/features/orders/contact-fields'
import { gstinInput, gstinMessage } from '@/features/orders/gstin-field'
import { stateNames } from '@/features/orders/regions'
import { SHIPPING_FIELDS, type PaymentMethod, type ShippingDefaults } from '@/features/orders/types'
import { fieldErrors } from '@/lib/api-errors'
import { cartChanges } from '@/lib/cart-changes'
import { formFields } from '@/lib/forms'
import type { Cart, PriceUpdate } from '@/lib/pricing'
import { cn } from '@/lib/utils'

/** Said under the state select when none is chosen. */
export const CHOOSE_STATE_MESSAGE = 'Choose the state or union territory to deliver to'

type CheckoutFormProps = {
  cart: Cart
  /** The signed-in customer, whose details prefill the form. */
  customer: ShippingDefaults
  /** The ship-to state chosen ('' for none yet); the page holds it, so the totals follow it. */
  state: string
  onStateChange: (state: string) => void
  /** The coupon the cart applies, sent when it takes something off; null for none. */
  couponCode: string | null
  /** The payment methods the shop takes. */
  paymentMethods: readonly PaymentMethod[]
  /** The server reported newer prices: put them in the cart. */
  onPricesChanged: (updates: PriceUpdate[]) => void
  /** The server refused the coupon: take it off the cart. */
  onCouponRefused: () => void
  /** The order is placed and the screen has moved to /orders: empty the cart. */
  onPlaced: () => void
  /** The order's totals, given `action` (why the last try failed, and the place-order button) to show under them. */
  summary: (action: ReactNode) => ReactNode
}

/**
 * The shipping form that places the order, with an optional GSTIN and business name for a GST
 * invoice, beside the order's totals. Every attempt for the same cart and coupon carries the same
 * Idempotency-Key, so a double click or a retry can never place two orders. On a price change the
 * cart takes the new prices; on a refused coupon the cart drops it; either way the customer stays
 * to review. On success the screen moves to /orders.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { cart, customer, state, onStateChange, couponCode, summary } = props
  const navigate = useNavigate()
  const placeOrder = usePlaceOrder()
  const attempt = useRef<CheckoutAttempt | null>(null)
  const [initial] = useState(() => shippingDefaults(customer))
  const [stateTouched, setStateTouched] = useState(false)
  const [gstin, setGstin] = useState('')
  const [gstinTouched, setGstinTouched] = useState(false)
  const [pinCode, setPinCode] = useState(initial.pinCode)
  const [phone, setPhone] = useState(initial.phone)
  const [contactTouched, setContactTouched] = useState({ pinCode: false, phone: false })
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cod')
  const stateRef = useRef<HTMLSelectElement>(null)
  const gstinRef = useRef<HTMLInputElement>(null)
  const pinCodeRef = useRef<HTMLInputElement>(null)
  const phoneRef = useRef<HTMLInputElement>(null)
  // The cart as the customer last saw it (on opening checkout, then as sent): whatever the shop
  // changed in it since (a refused order refreshes it from the catalog) is said above the button.
  const [seenCart, setSeenCart] = useState(cart)

  const errors = fieldErrors(placeOrder.error)
  const failure = placeOrder.error ? checkoutFailure(placeOrder.error) : null
  const stateProblem = stateTouched && state === '' ? CHOOSE_STATE_MESSAGE : errors.state
  const gstinProblem = gstinMessage(gstin, gstinTouched) ?? errors.gstin
  const pinCodeProblem = (contactTouched.pinCode ? pinCodeMessage(pinCode) : undefined) ?? errors.pinCode
  const phoneProblem = (contactTouched.phone ? phoneMessage(phone) : undefined) ?? errors.phone

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (placeOrder.isPending) return
    if (state === '') {
      setStateTouched(true)
      stateRef.current?.focus()
      return
    }
    if (pinCodeMessage(pinCode) || phoneMessage(phone)) {
      setContactTouched({ pinCode: true, phone: true })
      ;(pinCodeMessage(pinCode) ? pinCodeRef : phoneRef).current?.focus()
      return
    }
    if (gstinMessage(gstin, true)) {
      setGstinTouched(true)
      gstinRef.current?.focus()
      return
    }
    const form = new FormData(event.currentTarget)
    const shipping = formFields(form, SHIPPING_FIELDS)
    const { businessName } = formFields(form, ['businessName'])
    attempt.current = checkoutAttempt(attempt.current, cart, newIdempotencyKey, couponCode)
    setSeenCart(cart)
    placeOrder.mutate(
      {
        payload: checkoutPayload(cart, shipping, { couponCode, gstin, businessName, paymentMethod }),
        idempotencyKey: attempt.current.key,
      },
      {
        onSuccess: async () => {
          toast.success('Order placed successfully')
          // Leave first, so the checkout screen never shows the emptied cart.
          await navigate('/orders', { flushSync: true })
          props.onPlaced()
        },
        onError: (error) => {
          const next = checkoutFailure(error)
          switch (next.kind) {
            case 'sign-in':
              toast.error(next.message)
              navigate('/login')
              return
            case 'prices-changed':
              props.onPricesChanged(next.updates)
              toast.warning(next.message)
              return
            case 'coupon-refused':
              props.onCouponRefused()
              toast.warning(next.message)
              return
            case 'cart-changed':
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
    <form onSubmit={handleSubmit} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <Card aria-labelledby="shipping-heading" role="region">
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <h2 id="shipping-heading" className="text-xl font-semibold sm:col-span-2">
            Shipping information
          </h2>
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
            required
            error={errors.city}
          />
          <Field label="State" error={stateProblem}>
            {(control) => (
              <NativeSelect
                {...control}
                ref={stateRef}
                name="state"
                autoComplete="address-level1"
                aria-required="true"
                value={state}
                onChange={(event) => onStateChange(event.target.value)}
              >
                <option value="">Choose a state</option>
                {stateNames().map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <FormField
            ref={pinCodeRef}
            label="PIN code"
            name="pinCode"
            value={pinCode}
            onChange={(event) => setPinCode(event.target.value)}
            onBlur={() => setContactTouched((touched) => ({ ...touched, pinCode: true }))}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={7}
            aria-required="true"
            error={pinCodeProblem}
            className="content-start"
          />
          <FormField
            ref={phoneRef}
            label="Phone"
            name="phone"
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            onBlur={() => setContactTouched((touched) => ({ ...touched, phone: true }))}
            autoComplete="tel-national"
            aria-required="true"
            hint="For the courier to reach you."
            error={phoneProblem}
            className="content-start"
          />
          <FormField
            label="Company"
            name="company"
            autoComplete="organization"
            defaultValue={initial.company}
            error={errors.company}
            className="sm:col-span-2"
          />
          <div className="border-t pt-4 sm:col-span-2">
            <PaymentMethodField methods={props.paymentMethods} value={paymentMethod} onChange={setPaymentMethod} />
          </div>
          <div role="group" aria-labelledby="gst-invoice-heading" className="grid gap-4 border-t pt-4 sm:col-span-2 sm:grid-cols-2">
            <div className="space-y-1 sm:col-span-2">
              <h3 id="gst-invoice-heading" className="font-semibold">
                Buying for a business?
              </h3>
              <p className="text-sm text-muted-foreground">
                Add your GSTIN to get a GST invoice in your business name.
              </p>
            </div>
            <FormField
              ref={gstinRef}
              label="GSTIN (optional, for a GST invoice)"
              name="gstin"
              value={gstin}
              onChange={(event) => setGstin(gstinInput(event.target.value))}
              onBlur={() => setGstinTouched(true)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              hint="15 characters, such as 27AAPFU0939F1ZV."
              error={gstinProblem}
              className="content-start"
            />
            <FormField
              label="Business name (optional)"
              name="businessName"
              error={errors.businessName}
              className="content-start"
            />
          </div>
        </CardContent>
      </Card>
      {summary(
        <>
          <CartChangesNotice
            changes={cartChanges(seenCart, cart)}
            hint="Review your order and place it again."
          />
          {failure && failure.kind !== 'sign-in' && <CheckoutProblem failure={failure} />}
          <SubmitButton pending={placeOrder.isPending} className="w-full">
            Place your order
          </SubmitButton>
        </>,
      )}
    </form>
  )
}

/** Why the last attempt failed, next to the button that tries again. */
function CheckoutProblem({ failure }: { failure: Exclude<CheckoutFailure, { kind: 'sign-in' }> }) {
  const warning = failure.kind !== 'message'
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border p-3 text-sm',
        warning ? 'border-transparent bg-warning text-warning-foreground' : 'border-destructive text-destructive',
      )}
    >
      <p>{failure.message}</p>
      {failure.kind === 'prices-changed' && <p className="mt-1">Your cart now shows the current prices.</p>}
      {failure.kind === 'cart-changed' && <p className="mt-1">Your cart now holds what is left.</p>}
      {failure.kind === 'coupon-refused' && (
        <p className="mt-1">The coupon was taken off your order. Place your order again to buy without it.</p>
      )}
    </div>
  )
}
