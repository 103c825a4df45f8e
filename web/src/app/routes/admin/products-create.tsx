import { useAdminToken } from '@/app/use-admin-token'
import { CreateProductForm } from '@/features/admin-products/components/create-product-form'

export function AdminCreateProductPage() {
  const token = useAdminToken()
  return (
    <section className="space-y-6">
      <h1 className="text-3xl">Create product</h1>
      <CreateProductForm token={token} />
    </section>
  )
}
