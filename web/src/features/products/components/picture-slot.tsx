import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

type PictureSlotProps = {
  /** The `sizes` of the picture the loaded page shows here, which the server copies onto its own. */
  sizes: string
  /** How the loaded page fits its picture into the box: whole (`contain`) or filling it (`cover`). */
  fit: 'contain' | 'cover'
  className?: string
}

/**
 * Where a picture goes in a loading placeholder. In a prerendered shell (src/prerender) the server
 * puts the picture it already knows into the slot (`fill_picture_slots` in
 * `api/src/web/first_screen.rs`), so a phone paints it before the script has arrived; the loaded
 * page then draws the same picture in the same box. Empty, it is a plain placeholder.
 */
export function PictureSlot({ sizes, fit, className }: PictureSlotProps) {
  return (
    <Skeleton
      data-picture-slot=""
      data-sizes={sizes}
      className={cn(
        className,
        'has-[>img]:animate-none [&>img]:size-full [&>img]:rounded-[inherit]',
        fit === 'contain' ? '[&>img]:object-contain' : '[&>img]:object-cover',
      )}
    />
  )
}
