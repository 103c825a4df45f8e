import { PageMeta } from '@/components/page-meta'
import { CreateProductForm } from '@/features/admin-products/components/create-product-form'

export function AdminCreateProductPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Create product · Admin" />
      <h1 className="text-3xl">Create product</h1>
      <CreateProductForm />
    </section>
  )
}
