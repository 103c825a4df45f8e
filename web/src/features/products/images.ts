import { PRODUCT_IMAGE_SLOTS } from '@/features/products/types'
import type { Product, ProductImage } from '@/lib/api-schemas'

/** The product's pictures in slot order, empty slots skipped. */
export function productImages(product: Product): ProductImage[] {
  return PRODUCT_IMAGE_SLOTS.map((slot) => product[slot]).filter(
    (image): image is ProductImage => image !== null && image !== undefined,
  )
}

/** The thumbnail grids, lists and the cart show: the first picture's small version, if any. */
export function productThumbnail(product: Product): string {
  return productImages(product)[0]?.thumbnail ?? ''
}
