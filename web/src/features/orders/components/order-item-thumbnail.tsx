import { cn } from '@/lib/utils'

const box = 'size-12 shrink-0 rounded-md border'

/** A small picture of an ordered product, or a tile with its initial when it had none. */
export function OrderItemThumbnail({ src, name }: { src: string; name: string }) {
  if (src === '') {
    return (
      <div
        role="img"
        aria-label={`${name}: no image`}
        className={cn(box, 'flex items-center justify-center bg-muted font-semibold text-muted-foreground')}
      >
        <span aria-hidden="true">{Array.from(name.trim())[0]?.toUpperCase() ?? '?'}</span>
      </div>
    )
  }
  return (
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={cn(box, 'bg-muted object-cover')}
    />
  )
}
