export function FeaturedProducts() {
  return (
    <section aria-labelledby="featured-products-heading" className="space-y-3">
      <h2 id="featured-products-heading" className="text-2xl">
        Featured products
      </h2>
      <p className="text-muted-foreground">Featured products will appear here.</p>
    </section>
  )
}
