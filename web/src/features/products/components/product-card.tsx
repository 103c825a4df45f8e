import { Link } from 'react-router'

import { focusRing } from '@/components/ui/focus-ring'
import { ProductPicture } from '@/features/products/components/product-picture'
import { ProductPrice } from '@/features/products/components/product-price'
import { firstProductImage, productSrcSet, productThumbnail } from '@/features/products/images'
import type { Product } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

/** The grid the home page and the listing share: two columns on phones, three on wide screens. */
export const productGridClass = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3'

export function productPath(product: Product): string {
  return `/products/${encodeURIComponent(product._id)}`
}

/** How wide a card's picture shows, for the browser to pick its size from `srcset`. */
export const CARD_PICTURE_SIZES = '(min-width: 1280px) 18rem, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'

/** Cards in the first screenful of a grid on a phone or a laptop, whose pictures load at once. */
export const EAGER_CARDS = 3

type ProductCardProps = {
  product: Product
  headingLevel?: 'h2' | 'h3'
  /** The card is in the first screenful: its picture loads at once. */
  eager?: boolean
}

/** A product in a grid: square picture, title, company and prices, the whole card one link. */
export function ProductCard({ product, headingLevel = 'h3', eager = false }: ProductCardProps) {
  const Heading = headingLevel
  return (
    <Link
      to={productPath(product)}
      className={cn(
        'group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm',
        'transition-shadow hover:shadow-md',
        focusRing,
      )}
    >
      <ProductPicture
        src={productThumbnail(product)}
        srcSet={productSrcSet(firstProductImage(product))}
        sizes={CARD_PICTURE_SIZES}
        alt={product.title}
        title={product.title}
        width={400}
        height={400}
        eager={eager}
        className="aspect-square w-full object-contain"
      />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <Heading className="line-clamp-3 text-base leading-snug break-words group-hover:underline sm:line-clamp-none sm:text-lg">{product.title}</Heading>
        <p className="text-sm text-muted-foreground">{product.company}</p>
        <ProductPrice product={product} className="mt-auto pt-2" />
      </div>
    </Link>
  )
}
