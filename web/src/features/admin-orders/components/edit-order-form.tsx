import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { Field, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { SubmitButton } from '@/components/ui/submit-button'
import { useUpdateOrder } from '@/features/admin-orders/api/update-order'
import { DiscountField } from '@/features/admin-orders/components/discount-field'
import { EditOrderItems } from '@/features/admin-orders/components/edit-order-items'
import { ProductOptionsPicker } from '@/features/admin-orders/components/product-options-picker'
import { SectionCard } from '@/features/admin-orders/components/section-card'
import {
  draftLineFromProduct,
  draftTotals,
  hasProduct,
  removeLine,
  updateLine,
} from '@/features/admin-orders/order-lines'
import { updateOrderBody } from '@/features/admin-orders/order-payloads'
import {
  ORDER_STATUS_OPTIONS,
  type DraftLine,
  type Order,
  type OrderStatus,
  type ProductOption,
} from '@/features/admin-orders/types'
import { errorMessage, fieldErrors } from '@/lib/api-errors'
import { formFields } from '@/lib/forms'
import { formatInr } from '@/lib/pricing'

const statusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/**
 * Edits an order: ship-to name, e-mail and address, status, discount and items (amounts, removals,
 * new products at their current price). Total Items and Order Total are read-only and follow every
 * change, through the pricing module. Then returns to the orders list.
 */
export function EditOrderForm({ order, token }: { order: Order; token: string | undefined }) {
  const navigate = useNavigate()
  const updateOrder = useUpdateOrder(order._id, token)
  const [status, setStatus] = useState<OrderStatus>(order.status)
  const [discount, setDiscount] = useState(String(order.discount))
  const [lines, setLines] = useState<DraftLine[]>(order.cartItems)
  const totals = draftTotals(lines, discount)
  const errors = fieldErrors(updateOrder.error)

  function addProduct(product: ProductOption) {
    if (hasProduct(lines, product._id)) {
      toast.info('Product already added')
      return
    }
    setLines((current) => [...current, draftLineFromProduct(product)])
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (lines.length === 0) {
      toast.warning('Add at least one product')
      return
    }
    if (!form.reportValidity()) return
    const fields = formFields(new FormData(form), ['name', 'email', 'address'])
    const body = updateOrderBody({ ...fields, status, discount }, lines)
    if (!body) {
      toast.error('Check the discount')
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
        <FormField
          label="Name"
          name="name"
          autoComplete="off"
          defaultValue={order.name}
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
          label="Address"
          name="address"
          autoComplete="off"
          defaultValue={order.address}
          required
          error={errors.address}
          className="sm:col-span-2"
        />
        <Field label="Status" error={errors.status}>
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
        <DiscountField value={discount} onChange={setDiscount} serverError={errors.discount} />
      </SectionCard>

      <SectionCard
        title="Items"
        description="New products are charged their current price; items already ordered keep theirs."
        className="gap-6"
      >
        <ProductOptionsPicker token={token} onAdd={addProduct} />
        <div className="grid gap-2">
          <EditOrderItems
            lines={lines}
            errors={errors}
            onAmountChange={(productId, amount) =>
              setLines((current) => updateLine(current, productId, (line) => ({ ...line, amount })))
            }
            onRemove={(productId) => setLines((current) => removeLine(current, productId))}
          />
          {errors.cartItems && <p className="text-sm text-destructive">{errors.cartItems}</p>}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Total Items" readOnly value={String(totals.numItemsInCart)} />
          <FormField label="Subtotal" readOnly value={formatInr(totals.subtotal)} />
          <FormField label="Order Total" readOnly value={formatInr(totals.total)} />
        </div>
      </SectionCard>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/admin/orders">Cancel</Link>
        </Button>
        <SubmitButton pending={updateOrder.isPending}>Save changes</SubmitButton>
      </div>
    </form>
  )
}
