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

/** The longest side of a thumbnail, in pixels (api/src/uploads/images.rs THUMBNAIL_SIZE). */
const THUMBNAIL_SIZE = 320

/**
 * The `srcset` of a picture: its thumbnail and the full image, each with its width, so a browser
 * takes the small WebP for a small box and the full image only where the box (times the screen's
 * pixel density) needs it. Undefined for an image stored before sizes were kept.
 */
export function productSrcSet(image: ProductImage | undefined): string | undefined {
  const { width, height } = image ?? {}
  if (!image || !width || !height) return undefined
  const longer = Math.max(width, height)
  if (longer <= THUMBNAIL_SIZE) return undefined
  const thumbnailWidth = Math.round((width * THUMBNAIL_SIZE) / longer)
  return `${image.thumbnail} ${thumbnailWidth}w, ${image.url} ${width}w`
}

/** The first picture of a product, if any. */
export function firstProductImage(product: Product): ProductImage | undefined {
  return productImages(product)[0]
}
