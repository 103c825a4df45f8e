import { useState } from 'react'

import { focusRing } from '@/components/ui/focus-ring'
import { ProductPicture } from '@/features/products/components/product-picture'
import { productImages, productSrcSet } from '@/features/products/images'
import type { Product } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

/** How wide the product page's main picture shows, for the browser to pick its size from `srcset`. */
export const GALLERY_PICTURE_SIZES = '(min-width: 1024px) 36rem, calc(100vw - 2rem)'

/**
 * The product page's pictures: the chosen one large (loaded eagerly, it is the page's main image)
 * and, when there are several, a row of thumbnail buttons that switch it.
 */
export function ProductGallery({ product }: { product: Product }) {
  const images = productImages(product)
  const [selected, setSelected] = useState(0)
  const count = images.length
  const current = images[selected] ?? images[0]
  const describe = (index: number) => (count > 1 ? `${product.title}, image ${index + 1} of ${count}` : product.title)

  return (
    <div className="space-y-4">
      <ProductPicture
        src={current?.url ?? ''}
        srcSet={productSrcSet(current)}
        sizes={GALLERY_PICTURE_SIZES}
        alt={describe(selected)}
        title={product.title}
        width={800}
        height={800}
        eager
        className="aspect-square w-full rounded-xl border"
      />
      {count > 1 && (
        <ul aria-label="Product images" className="flex flex-wrap gap-3">
          {images.map((image, index) => (
            <li key={`${index}-${image.url}`}>
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={cn(
                  'block size-16 overflow-hidden rounded-md border-2 sm:size-20',
                  index === selected ? 'border-primary' : 'border-transparent hover:border-input',
                  focusRing,
                )}
              >
                <ProductPicture
                  src={image.thumbnail || image.url}
                  alt={describe(index)}
                  title={product.title}
                  width={80}
                  height={80}
                  className="size-full"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
