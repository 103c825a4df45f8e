import { useSearchParams } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { ProductsCatalog } from '@/features/products/components/products-catalog'
import { listingPageText } from '@/features/products/page-meta'

export function ProductsPage() {
  const [searchParams] = useSearchParams()
  const { title, description } = listingPageText(searchParams)
  return (
    <section className="space-y-6 sm:space-y-8">
      <PageMeta title={title} description={description} />
      <h1 className="text-3xl sm:text-4xl">Products</h1>
      <ProductsCatalog />
    </section>
  )
}
