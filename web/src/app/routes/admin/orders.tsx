import { Link, useSearchParams } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { CsvExportButton } from '@/components/csv-export-button'
import { OrdersList } from '@/features/admin-orders/components/orders-list'
import { readStatus } from '@/features/admin-orders/components/status-filter'
import { exportOrders } from '@/lib/csv-exports'

export function AdminOrdersPage() {
  const [searchParams] = useSearchParams()
  const status = readStatus(searchParams)
  return (
    <section className="space-y-6">
      <PageMeta title="Orders · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Orders</h1>
        <div className="flex flex-wrap gap-2">
          <CsvExportButton
            label="Export CSV"
            download={() => exportOrders(status)}
            fileName={`orders-last-30-days${status ? `-${status}` : ''}.csv`}
          />
          <Button asChild>
            <Link to="/admin/orders/create">+ Add Order</Link>
          </Button>
        </div>
      </div>
      <OrdersList />
    </section>
  )
}
