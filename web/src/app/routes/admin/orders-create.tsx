import { PageMeta } from '@/components/page-meta'
import { CreateOrderForm } from '@/features/admin-orders/components/create-order-form'

export function AdminCreateOrderPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Create order · Admin" />
      <h1 className="text-3xl">Create order</h1>
      <CreateOrderForm />
    </section>
  )
}
