import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { FeaturedProducts } from '@/features/products/components/featured-products'

export function HomePage() {
  return (
    <div className="space-y-16">
      <section className="max-w-2xl space-y-6 py-6 sm:py-10">
        <PageMeta
          title="Baking supplies for home bakers"
          description="Flours, cake mixes, moulds, decorating tools, packaging and party accessories for home bakers and bakeries, delivered across India."
        />
        <h1 className="text-4xl sm:text-5xl">Unleash your culinary creativity</h1>
        <p className="text-lg text-muted-foreground">
          Flours, cake mixes, moulds, decorating tools, packaging and party accessories: everything a home baker or a
          professional bakery needs, delivered across India.
        </p>
        <Button asChild size="lg">
          <Link to="/products">Browse products</Link>
        </Button>
      </section>
      <FeaturedProducts />
    </div>
  )
}
