import { cn } from '@/lib/utils'

type ProductPictureProps = {
  /** The image URL; '' when the product has no picture, which shows a placeholder instead. */
  src: string
  alt: string
  /** The product's title, whose initial the placeholder shows. */
  title: string
  width: number
  height: number
  /**
   * A picture in the first screenful (the product page's main image, the first cards of a grid):
   * loaded at once and first, since it is what the page is judged by; others load as they near view.
   */
  eager?: boolean
  /** Other sizes of the picture (productSrcSet) and how wide it shows (`sizes`), for the browser to choose. */
  srcSet?: string
  sizes?: string
  className?: string
}

/**
 * A product image filling its box (the caller sizes the box), or a neutral tile with the product's
 * initial when there is no image, so a missing picture never shows as a broken one.
 */
export function ProductPicture({
  src,
  alt,
  title,
  width,
  height,
  eager = false,
  srcSet,
  sizes,
  className,
}: ProductPictureProps) {
  if (src === '') {
    return (
      <div
        role="img"
        aria-label={`${title}: no image`}
        className={cn('flex items-center justify-center bg-muted text-muted-foreground select-none', className)}
      >
        <span aria-hidden="true" className="text-3xl font-semibold">
          {initial(title)}
        </span>
      </div>
    )
  }
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={cn('bg-muted object-cover', className)}
    />
  )
}

function initial(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '?'
}
