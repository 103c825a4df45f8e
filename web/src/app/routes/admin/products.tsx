import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { ProductsList } from '@/features/admin-products/components/products-list'

export function AdminProductsPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Products · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Products</h1>
        <Button asChild>
          <Link to="/admin/products/create">+ Add product</Link>
        </Button>
      </div>
      <ProductsList />
    </section>
  )
}
