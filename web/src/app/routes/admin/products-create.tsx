import { CreateProductForm } from '@/features/admin-products/components/create-product-form'

export function AdminCreateProductPage() {
  return (
    <section className="space-y-6">
      <h1 className="text-3xl">Create product</h1>
      <CreateProductForm />
    </section>
  )
}
