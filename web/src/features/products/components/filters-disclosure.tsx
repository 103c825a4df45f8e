import { ChevronDown, SlidersHorizontal } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

/**
 * On phones (below md) the listing's filters fold away behind a 'Filters' button, so the first
 * products are near the top; from md up they are always shown and the button is gone.
 */
export function FiltersDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="w-full justify-between md:hidden"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" />
          Filters
        </span>
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={panelId} className={cn(open ? 'mt-3' : 'max-md:hidden')}>
        {children}
      </div>
    </div>
  )
}
