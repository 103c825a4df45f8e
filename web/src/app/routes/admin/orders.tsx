import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { OrdersList } from '@/features/admin-orders/components/orders-list'

export function AdminOrdersPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Orders · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Orders</h1>
        <Button asChild>
          <Link to="/admin/orders/create">+ Add Order</Link>
        </Button>
      </div>
      <OrdersList />
    </section>
  )
}
