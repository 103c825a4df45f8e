import { titleInitial } from '@/features/admin-orders/order-display'
import { cn } from '@/lib/utils'

const box = 'size-12 shrink-0 rounded-md border'

/** A line's small picture; the title's initial on a muted tile when the product has no image. */
export function LineThumbnail({ src, title }: { src: string; title: string }) {
  if (src === '') {
    return (
      <div
        role="img"
        aria-label={`${title}: no image`}
        className={cn(box, 'flex items-center justify-center bg-muted font-semibold text-muted-foreground')}
      >
        <span aria-hidden="true">{titleInitial(title)}</span>
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={title}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={cn(box, 'bg-muted object-cover')}
    />
  )
}
