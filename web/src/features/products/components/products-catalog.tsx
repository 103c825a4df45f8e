import { Navigate, useLocation, useSearchParams } from 'react-router'

import { Pagination } from '@/components/pagination'
import { useProducts } from '@/features/products/api/get-products'
import { FiltersDisclosure } from '@/features/products/components/filters-disclosure'
import { LayoutToggle } from '@/features/products/components/layout-toggle'
import { EAGER_CARDS, ProductCard, productGridClass } from '@/features/products/components/product-card'
import { ProductGridSkeleton } from '@/features/products/components/product-grid-skeleton'
import { ProductRow } from '@/features/products/components/product-row'
import { ProductsFilters } from '@/features/products/components/products-filters'
import {
  layoutSearch,
  listingRequest,
  productCountLabel,
  readLayout,
  readListingFilters,
  type ListingLayout,
} from '@/features/products/listing-search'
import { errorMessage } from '@/lib/api-errors'
import type { Product } from '@/lib/api-schemas'
import { pageSearch, readPage } from '@/lib/page-search'
import { cn } from '@/lib/utils'

/**
 * The /products listing: filter form, result count, grid/list toggle, the products and the page
 * control. Everything it shows follows the URL; the request is the URL's API params as they are.
 */
export function ProductsCatalog() {
  const [searchParams, setSearchParams] = useSearchParams()
  const { search } = useLocation()
  const products = useProducts(listingRequest(searchParams))
  const page = readPage(searchParams)
  const layout = readLayout(searchParams)
  const meta = products.data?.meta
  const pagination = meta?.pagination

  if (!products.isPlaceholderData && pagination && pagination.pageCount > 0 && page > pagination.pageCount) {
    return <Navigate to={{ search: pageSearch(search, pagination.pageCount) }} replace />
  }

  function changeLayout(next: ListingLayout) {
    setSearchParams(layoutSearch(searchParams, next), { replace: true, preventScrollReset: true })
  }

  return (
    <div className="space-y-6 sm:space-y-8">
      <FiltersDisclosure
        // A new URL (Back, 'reset', a submitted search) starts the form again from it, and on a
        // phone folds it away to show the results.
        key={JSON.stringify(readListingFilters(searchParams))}
      >
        <ProductsFilters categories={meta?.categories ?? []} companies={meta?.companies ?? []} />
      </FiltersDisclosure>
      <div className="flex items-center justify-between gap-4 border-b pb-4">
        <p aria-live="polite" className="text-lg font-medium">
          {pagination ? productCountLabel(pagination.total) : ''}
        </p>
        <LayoutToggle layout={layout} onChange={changeLayout} />
      </div>
      {products.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(products.error, 'Failed to fetch products')}
        </p>
      ) : products.data === undefined ? (
        <ProductGridSkeleton label="Loading products" />
      ) : products.data.data.length === 0 ? (
        <p className="text-lg text-muted-foreground">Sorry, no products matched your search...</p>
      ) : (
        <ProductResults products={products.data.data} layout={layout} busy={products.isPlaceholderData} />
      )}
      {pagination && !products.isError && <Pagination page={page} pageCount={pagination.pageCount} />}
    </div>
  )
}

type ProductResultsProps = { products: Product[]; layout: ListingLayout; busy: boolean }

function ProductResults({ products, layout, busy }: ProductResultsProps) {
  return (
    <ul
      aria-label="Products"
      aria-busy={busy || undefined}
      className={cn(layout === 'grid' ? productGridClass : 'grid gap-4', busy && 'opacity-70 transition-opacity')}
    >
      {products.map((product, index) => (
        <li key={product._id}>
          {layout === 'grid' ? (
            <ProductCard product={product} headingLevel="h2" eager={index < EAGER_CARDS} />
          ) : (
            <ProductRow product={product} />
          )}
        </li>
      ))}
    </ul>
  )
}
