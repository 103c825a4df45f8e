import { Button } from '@/components/ui/button'
import { useFeaturedProducts } from '@/features/products/api/get-featured-products'
import { EAGER_CARDS, ProductCard, productGridClass } from '@/features/products/components/product-card'
import { ProductGridSkeleton } from '@/features/products/components/product-grid-skeleton'

/** The home page's featured products, fetched on load. */
export function FeaturedProducts() {
  const featured = useFeaturedProducts()
  const products = featured.data?.data

  return (
    <section aria-labelledby="featured-products-heading" className="space-y-6">
      <h2 id="featured-products-heading" className="border-b pb-4 text-2xl sm:text-3xl">
        Featured products
      </h2>
      {featured.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-destructive">
            Failed to fetch featured products
          </p>
          <Button variant="outline" size="sm" onClick={() => void featured.refetch()}>
            Try again
          </Button>
        </div>
      ) : products === undefined ? (
        <ProductGridSkeleton count={3} label="Loading featured products" />
      ) : products.length === 0 ? (
        <p className="text-muted-foreground">No featured products yet.</p>
      ) : (
        <ul className={productGridClass}>
          {products.map((product, index) => (
            <li key={product._id}>
              <ProductCard product={product} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
