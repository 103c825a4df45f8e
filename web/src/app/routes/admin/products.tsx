import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { CsvExportButton } from '@/components/csv-export-button'
import { ImportProductsDialog } from '@/features/admin-products/components/import-products-dialog'
import { ProductsList } from '@/features/admin-products/components/products-list'
import { exportProducts } from '@/lib/csv-exports'

export function AdminProductsPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Products · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Products</h1>
        <div className="flex flex-wrap gap-2">
          <CsvExportButton label="Export CSV" download={exportProducts} fileName="products.csv" />
          <ImportProductsDialog />
          <Button asChild>
            <Link to="/admin/products/create">+ Add product</Link>
          </Button>
        </div>
      </div>
      <ProductsList />
    </section>
  )
}
