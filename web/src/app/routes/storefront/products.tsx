import { ProductsCatalog } from '@/features/products/components/products-catalog'

export function ProductsPage() {
  return (
    <section className="space-y-8">
      <h1 className="text-3xl sm:text-4xl">Products</h1>
      <ProductsCatalog />
    </section>
  )
}
