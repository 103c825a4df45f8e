import { Link } from 'react-router'

import { focusRing } from '@/components/ui/focus-ring'
import { productPath } from '@/features/products/components/product-card'
import { ProductPicture } from '@/features/products/components/product-picture'
import { ProductPrice } from '@/features/products/components/product-price'
import { firstProductImage, productSrcSet, productThumbnail } from '@/features/products/images'
import type { Product } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

/** A product in the list layout: a bigger thumbnail beside the title, company and prices. */
export function ProductRow({ product }: { product: Product }) {
  return (
    <Link
      to={productPath(product)}
      className={cn(
        'group grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-x-4 gap-y-1 rounded-xl border bg-card p-3',
        'text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        'sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:gap-x-6 sm:p-4',
        focusRing,
      )}
    >
      <ProductPicture
        src={productThumbnail(product)}
        srcSet={productSrcSet(firstProductImage(product))}
        sizes="(min-width: 640px) 10rem, 6rem"
        alt={product.title}
        title={product.title}
        width={320}
        height={320}
        className="row-span-2 aspect-square w-full rounded-lg object-contain sm:row-span-1"
      />
      <div className="min-w-0 self-end sm:self-center">
        <h2 className="text-lg break-words group-hover:underline sm:text-xl">{product.title}</h2>
        <p className="text-sm text-muted-foreground sm:text-base">{product.company}</p>
      </div>
      <ProductPrice product={product} className="self-start sm:flex-col sm:items-end sm:self-center" />
    </Link>
  )
}
