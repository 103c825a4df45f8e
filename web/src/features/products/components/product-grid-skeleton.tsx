import { Skeleton } from '@/components/ui/skeleton'
import { PictureSlot } from '@/features/products/components/picture-slot'
import { CARD_PICTURE_SIZES, productGridClass } from '@/features/products/components/product-card'

/**
 * Placeholder cards while a grid loads; `label` is announced once for the whole grid. In a
 * prerendered shell the server fills their picture slots with the first products' pictures.
 */
export function ProductGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className={productGridClass}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} aria-hidden="true" className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <PictureSlot sizes={CARD_PICTURE_SIZES} fit="contain" className="aspect-square w-full rounded-none" />
            <div className="space-y-2 p-3 sm:p-4">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="mt-4 h-5 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
