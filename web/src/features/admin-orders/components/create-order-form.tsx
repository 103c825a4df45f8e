import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { FormActions } from '@/components/form-actions'
import { Field, FormField } from '@/components/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { useCreateOrder } from '@/features/admin-orders/api/create-order'
import { CustomerPicker } from '@/features/admin-orders/components/customer-picker'
import { DiscountField } from '@/features/admin-orders/components/discount-field'
import { OrderLineEditor } from '@/features/admin-orders/components/order-line-editor'
import { OrderTaxSummary } from '@/features/admin-orders/components/order-tax-summary'
import { SectionCard } from '@/features/admin-orders/components/section-card'
import { lineFromProduct } from '@/features/admin-orders/order-lines'
import { createOrderBody, readGstin, shipToFromCustomer } from '@/features/admin-orders/order-payloads'
import { createTaxSummary, findRegion, regionsByName } from '@/features/admin-orders/order-tax'
import type { CustomerOption, DraftLine, ShipTo } from '@/features/admin-orders/types'
import { errorMessage, fieldErrors } from '@/lib/api-errors'
import { useShopInfo } from '@/lib/shop-info'

const noShipTo: ShipTo = { name: '', address: '', city: '', state: '', pinCode: '', phone: '' }

/**
 * Creates an order on behalf of a customer: choose the customer (which prefills where it ships,
 * the state when it is one of India's), add products and quantities, give a discount and, for a
 * B2B tax invoice, the buyer's GSTIN. The totals and the GST in them follow every keystroke,
 * through the pricing module. Then returns to the orders list.
 */
export function CreateOrderForm() {
  const navigate = useNavigate()
  const createOrder = useCreateOrder()
  const [customer, setCustomer] = useState<CustomerOption | null>(null)
  const [shipTo, setShipTo] = useState<ShipTo>(noShipTo)
  const [lines, setLines] = useState<DraftLine[]>([])
  const [discount, setDiscount] = useState('0')
  const [gstin, setGstin] = useState('')
  const [gstinTouched, setGstinTouched] = useState(false)
  const shop = useShopInfo()
  const summary = createTaxSummary(lines, discount, shipTo.state, shop.data)
  const region = findRegion(shipTo.state)
  const errors = fieldErrors(createOrder.error)
  const gstinReading = readGstin(gstin)
  // Checked as typed once the whole GSTIN is there (or the box is left), not at every keystroke before.
  const gstinError =
    'error' in gstinReading && (gstinTouched || gstin.trim().length >= 15) ? gstinReading.error : errors.gstin

  function chooseCustomer(next: CustomerOption | null) {
    setCustomer(next)
    if (next) setShipTo(shipToFromCustomer(next))
  }

  function changeShipTo(field: keyof ShipTo, value: string) {
    setShipTo((current) => ({ ...current, [field]: value }))
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!customer || lines.length === 0) {
      toast.warning('Select a user and add at least one product')
      return
    }
    // The browser's own checks (required, quantity range, discount step) speak first, at the field.
    if (!event.currentTarget.reportValidity()) return
    const result = createOrderBody(customer, shipTo, lines, discount, gstin)
    if (!result.ok) {
      if (result.problem === 'gstin') {
        setGstinTouched(true)
        toast.error('Check the buyer GSTIN')
      } else {
        toast.error('Check the quantities and the discount')
      }
      return
    }
    createOrder.mutate(result.body, {
      onSuccess: () => {
        toast.success('Order created successfully')
        navigate('/admin/orders')
      },
      onError: (error) => toast.error(errorMessage(error, 'Order creation failed')),
    })
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid max-w-3xl gap-6">
      <SectionCard title="Customer" description="The order is placed on behalf of this customer.">
        <CustomerPicker customer={customer} onChange={chooseCustomer} error={errors.userId} />
      </SectionCard>

      <SectionCard
        title="Ship to"
        description="Filled in from the customer; change anything that differs."
        className="items-start sm:grid-cols-2"
      >
        <FormField
          label="Name"
          name="name"
          autoComplete="off"
          required
          value={shipTo.name}
          onChange={(event) => changeShipTo('name', event.target.value)}
          error={errors.name}
        />
        <FormField
          label="Address"
          name="address"
          autoComplete="off"
          required
          value={shipTo.address}
          onChange={(event) => changeShipTo('address', event.target.value)}
          error={errors.address}
        />
        <FormField
          label="City"
          name="city"
          autoComplete="off"
          value={shipTo.city}
          onChange={(event) => changeShipTo('city', event.target.value)}
          error={errors.city}
        />
        <Field label="State" error={errors.state} hint="The place of supply: it decides the GST">
          {(control) => (
            <NativeSelect
              {...control}
              name="state"
              required
              value={shipTo.state}
              onChange={(event) => changeShipTo('state', event.target.value)}
            >
              <option value="" disabled>
                Choose a state
              </option>
              {regionsByName().map((option) => (
                <option key={option.code} value={option.name}>
                  {option.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <FormField
          label="PIN code"
          name="pinCode"
          autoComplete="off"
          inputMode="numeric"
          maxLength={7}
          value={shipTo.pinCode}
          onChange={(event) => changeShipTo('pinCode', event.target.value)}
          error={errors.pinCode}
        />
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="off"
          value={shipTo.phone}
          onChange={(event) => changeShipTo('phone', event.target.value)}
          hint="For the courier"
          error={errors.phone}
        />
        <FormField
          label="Buyer GSTIN"
          name="gstin"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={15}
          value={gstin}
          onChange={(event) => setGstin(event.target.value.toUpperCase().replace(/\s+/g, ''))}
          onBlur={() => setGstinTouched(true)}
          hint="Optional: for a B2B tax invoice"
          error={gstinError}
          className="sm:col-span-2"
        />
      </SectionCard>

      <SectionCard
        title="Items"
        description="Each product once, at its current price: 1 to 20 of it and no more than is in stock."
        className="gap-6"
      >
        <OrderLineEditor lines={lines} onChange={setLines} newLine={lineFromProduct} errors={errors} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <DiscountField value={discount} onChange={setDiscount} serverError={errors.discount} />
          <OrderTaxSummary
            summary={summary}
            place={region ? { state: region.name, code: region.code } : null}
            pendingText={
              !region
                ? 'Choose the state to see the GST'
                : shop.isError
                  ? 'The tax is not shown: the shop’s details did not load'
                  : 'Loading the shop’s details…'
            }
          />
        </div>
      </SectionCard>

      <FormActions cancelTo="/admin/orders" pending={createOrder.isPending} submitLabel="Create order" />
    </form>
  )
}
