import { LayoutGrid, List } from 'lucide-react'

import { Button } from '@/components/ui/button'
import type { ListingLayout } from '@/features/products/listing-search'

type LayoutToggleProps = { layout: ListingLayout; onChange: (layout: ListingLayout) => void }

/** Two pressed-state buttons choosing how the listing shows its products. */
export function LayoutToggle({ layout, onChange }: LayoutToggleProps) {
  return (
    <div role="group" aria-label="Layout" className="flex gap-2">
      <Button
        variant={layout === 'grid' ? 'default' : 'outline'}
        size="icon"
        aria-label="Grid view"
        aria-pressed={layout === 'grid'}
        onClick={() => onChange('grid')}
      >
        <LayoutGrid aria-hidden="true" className="size-5" />
      </Button>
      <Button
        variant={layout === 'list' ? 'default' : 'outline'}
        size="icon"
        aria-label="List view"
        aria-pressed={layout === 'list'}
        onClick={() => onChange('list')}
      >
        <List aria-hidden="true" className="size-5" />
      </Button>
    </div>
  )
}
