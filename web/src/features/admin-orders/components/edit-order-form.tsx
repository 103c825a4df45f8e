import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { FormActions } from '@/components/form-actions'
import { Field, FormField } from '@/components/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { useLineStock } from '@/features/admin-orders/api/get-line-stock'
import { useUpdateOrder } from '@/features/admin-orders/api/update-order'
import { DiscountField } from '@/features/admin-orders/components/discount-field'
import { OrderDocuments } from '@/features/admin-orders/components/order-documents'
import { OrderLineEditor } from '@/features/admin-orders/components/order-line-editor'
import { OrderTaxSummary } from '@/features/admin-orders/components/order-tax-summary'
import { SectionCard } from '@/features/admin-orders/components/section-card'
import { lineFromOrderItem, lineFromProduct, withStockLimits } from '@/features/admin-orders/order-lines'
import { updateOrderBody } from '@/features/admin-orders/order-payloads'
import { draftTaxSummary, orderPlace } from '@/features/admin-orders/order-tax'
import {
  ORDER_STATUS_OPTIONS,
  PAYMENT_STATUS_OPTIONS,
  type DraftLine,
  type ProductOption,
} from '@/features/admin-orders/types'
import { ApiError, errorMessage, fieldErrors } from '@/lib/api-errors'
import type { Order, OrderStatus, PaymentStatus } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'
import { useShopInfo } from '@/lib/shop-info'

const statusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

const paymentLabels: Record<PaymentStatus, string> = { unpaid: 'Unpaid', paid: 'Paid', refunded: 'Refunded' }

/** What saving the chosen payment status will also do, if anything. */
function paymentHint(order: Order, status: OrderStatus, payment: PaymentStatus): string {
  const how = order.paymentMethod === 'upi' ? 'Paying by UPI.' : 'Paying cash on delivery.'
  if (payment === 'paid' && order.paymentStatus !== 'paid' && status === 'pending') {
    return `${how} Saving moves the order to Paid.`
  }
  if (order.paymentMethod === 'upi' && payment === 'unpaid') {
    return `${how} Mark it paid once ${order.orderId} shows in the shop's UPI account.`
  }
  return how
}

/** What saving the chosen status will issue, if anything. */
function statusHint(order: Order, status: OrderStatus): string | undefined {
  if (!order.invoiceNumber && (status === 'shipped' || status === 'delivered')) {
    return 'Saving issues the tax invoice; after that the items, discount, name and address cannot change.'
  }
  if (order.invoiceNumber && !order.creditNoteNumber && status === 'cancelled') {
    return `Saving issues a credit note against tax invoice ${order.invoiceNumber}.`
  }
  return undefined
}

/**
 * Edits an order: ship-to name, e-mail, address, PIN code and phone, status, payment status (an
 * admin marks a UPI or cash payment received), discount and items, in the create screen's line
 * editor (quantities up to the saved amount plus 5 within the stock, removals, new products at
 * their current price and GST rate). The totals and the GST in them follow every
 * change, through the pricing module, as the server will charge them. Once the tax invoice is
 * issued only the status, payment, phone and e-mail can change. Then returns to the orders list.
 */
export function EditOrderForm({ order }: { order: Order }) {
  const navigate = useNavigate()
  const updateOrder = useUpdateOrder(order._id)
  const shop = useShopInfo()
  // The status follows the order (fetched again after a conflict) until the admin chooses one.
  const [statusChoice, setStatus] = useState<OrderStatus | null>(null)
  const status = statusChoice ?? order.status
  const [paymentChoice, setPayment] = useState<PaymentStatus | null>(null)
  const payment = paymentChoice ?? (status === 'paid' && order.status !== 'paid' ? 'paid' : order.paymentStatus)
  const [discount, setDiscount] = useState(String(order.discount))
  const [typedLines, setLines] = useState<DraftLine[]>(() => order.cartItems.map((item) => lineFromOrderItem(item)))
  // An invoiced order shows what was invoiced, whatever was typed before the invoice was issued.
  const locked = Boolean(order.invoiceNumber)
  // The lines the order has may grow within the stock left plus what the order holds already.
  const holdsStock = order.status !== 'cancelled'
  const stockLeft = useLineStock(order.cartItems.map((item) => item.productId), !locked)
  const lines = withStockLimits(typedLines, stockLeft, holdsStock)
  const shownLines = locked ? order.cartItems.map((item) => lineFromOrderItem(item)) : lines
  const shownDiscount = locked ? String(order.discount) : discount
  const summary = draftTaxSummary(shownLines, shownDiscount, order, shop.data?.state)
  const errors = fieldErrors(updateOrder.error)
  const invoicedError =
    updateOrder.error instanceof ApiError && updateOrder.error.code === 'order_invoiced' ? updateOrder.error.message : null

  /** A product added: a new line at its current price, or the order's own line back if it was removed. */
  function newLine(product: ProductOption): DraftLine {
    const saved = order.cartItems.find((item) => item.productId === product._id)
    return saved ? lineFromOrderItem(saved, stockLeft[saved.productId], holdsStock) : lineFromProduct(product)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (!locked && lines.length === 0) {
      toast.warning('Add at least one product')
      return
    }
    if (!form.reportValidity()) return
    const fields = formFields(new FormData(form), ['name', 'email', 'address', 'pinCode', 'phone'])
    const paymentStatus = paymentChoice !== null && paymentChoice !== order.paymentStatus ? paymentChoice : null
    const body = updateOrderBody({ ...fields, status, paymentStatus, discount }, lines, locked)
    if (!body) {
      toast.error('Check the quantities and the discount')
      return
    }
    updateOrder.mutate(body, {
      onSuccess: () => {
        toast.success('Order updated successfully')
        navigate('/admin/orders')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to update order')),
    })
  }

  const shipsTo = [order.city, order.state].filter(Boolean).join(', ')
  return (
    <form noValidate onSubmit={handleSubmit} className="grid max-w-3xl gap-6">
      <SectionCard
        title={`Order ${order.orderId}`}
        description={`Customer: ${order.user.username} (${order.user.email})${shipsTo ? ` · ships to ${shipsTo}` : ''}`}
        className="items-start sm:grid-cols-2"
      >
        {locked && (
          <p className="rounded-md border bg-muted p-3 text-sm sm:col-span-2">
            Tax invoice <span className="font-mono font-medium">{order.invoiceNumber}</span> has been issued: the items,
            discount, name and address cannot change. To change them, cancel the order (a credit note is issued) and
            place a new one.
          </p>
        )}
        {/* Remounted when the order becomes invoiced, so they show what was invoiced. */}
        <FormField
          key={`name-${locked}`}
          label="Name"
          name="name"
          autoComplete="off"
          defaultValue={order.name}
          readOnly={locked}
          required
          error={errors.name}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={order.email}
          required
          error={errors.email}
        />
        <FormField
          key={`address-${locked}`}
          label="Address"
          name="address"
          autoComplete="off"
          defaultValue={order.address}
          readOnly={locked}
          required
          error={errors.address}
          className="sm:col-span-2"
        />
        <FormField
          key={`pin-${locked}`}
          label="PIN code"
          name="pinCode"
          autoComplete="off"
          inputMode="numeric"
          maxLength={7}
          defaultValue={order.pinCode}
          readOnly={locked}
          error={errors.pinCode}
        />
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="off"
          defaultValue={order.phone}
          error={errors.phone}
        />
        <Field label="Status" error={errors.status} hint={statusHint(order, status)}>
          {(control) => (
            <NativeSelect
              {...control}
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value as OrderStatus)}
            >
              {ORDER_STATUS_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {statusLabels[option]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Payment" error={errors.paymentStatus} hint={paymentHint(order, status, payment)}>
          {(control) => (
            <NativeSelect
              {...control}
              name="paymentStatus"
              value={payment}
              onChange={(event) => setPayment(event.target.value as PaymentStatus)}
            >
              {PAYMENT_STATUS_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {paymentLabels[option]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </SectionCard>

      <SectionCard
        title="Items"
        description={
          locked
            ? 'As invoiced.'
            : 'New products are charged their current price and GST rate; items already ordered keep theirs.'
        }
        className="gap-6"
      >
        <OrderLineEditor lines={shownLines} onChange={setLines} newLine={newLine} errors={errors} locked={locked} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <DiscountField value={shownDiscount} onChange={setDiscount} serverError={errors.discount} readOnly={locked} />
          <OrderTaxSummary
            summary={summary}
            place={orderPlace(order)}
            pendingText={
              shop.isError ? 'The tax is not shown: the shop’s details did not load' : 'Loading the shop’s details…'
            }
          />
        </div>
      </SectionCard>

      <OrderDocuments order={order} />

      {invoicedError && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {invoicedError}
        </p>
      )}
      <FormActions cancelTo="/admin/orders" pending={updateOrder.isPending} submitLabel="Save changes" />
    </form>
  )
}
