import { useParams } from 'react-router'

import { NotFoundPage } from '@/app/routes/error'
import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { useOrder } from '@/features/admin-orders/api/get-order'
import { EditOrderForm } from '@/features/admin-orders/components/edit-order-form'
import { OrderTimeline } from '@/features/admin-orders/components/order-timeline'
import { errorMessage, isNotFound } from '@/lib/api-errors'

/** A missing order is a 404 page, like an unknown route. */
export function AdminEditOrderPage() {
  const { id = '' } = useParams()
  const order = useOrder(id)

  if (isNotFound(order.error)) return <NotFoundPage />
  return (
    <section className="space-y-6">
      <PageMeta title="Edit order · Admin" />
      <h1 className="text-3xl">Edit order</h1>
      {order.data ? (
        <>
          <EditOrderForm key={order.data.order._id} order={order.data.order} />
          <div className="max-w-3xl">
            <OrderTimeline orderId={order.data.order._id} />
          </div>
        </>
      ) : order.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(order.error, 'Failed to load order details')}
        </p>
      ) : (
        <FormSkeleton fields={7} label="Loading order" />
      )}
    </section>
  )
}
