import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link, useLocation } from 'react-router'

import { buttonVariants } from '@/components/ui/button'
import { pageSearch } from '@/lib/page-search'
import { paginationItems, usePricingStatus, type PageItem } from '@/lib/pricing'
import { cn } from '@/lib/utils'

const stepClass = buttonVariants({ variant: 'outline', size: 'sm' })

type PaginationProps = { page: number; pageCount: number; className?: string }

/** The shared page control: links that keep the URL's other params and set `page`; nothing below 2 pages. */
export function Pagination({ page, pageCount, className }: PaginationProps) {
  const { search } = useLocation()
  const pricing = usePricingStatus()
  // Until the pricing wasm (which lays the control out) arrives, the control's row is held; if it
  // could not be loaded, a plain Prev / Next keeps every page in reach.
  if (pricing === 'loading') return pageCount > 1 ? <div aria-hidden="true" className={cn('h-8', className)} /> : null
  const items = pricing === 'ready' ? paginationItems(page, pageCount) : stepsOnly(page, pageCount)
  if (items.length === 0) return null
  return (
    <nav aria-label="Pagination" className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {items.map((item, index) => (
          <li key={itemKey(item, index)}>
            <PaginationItem item={item} search={search} />
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Without the pricing wasm: Prev, the current page, Next (each where there is one); nothing below 2 pages. */
function stepsOnly(page: number, count: number): PageItem[] {
  if (count < 2) return []
  const current = Math.min(Math.max(page, 1), count)
  return [
    ...(current > 1 ? [{ kind: 'prev' as const, page: current - 1 }] : []),
    { kind: 'page' as const, page: current, current: true },
    ...(current < count ? [{ kind: 'next' as const, page: current + 1 }] : []),
  ]
}

function itemKey(item: PageItem, index: number) {
  return item.kind === 'page' ? `page-${item.page}` : `${item.kind}-${index}`
}

function PaginationItem({ item, search }: { item: PageItem; search: string }) {
  switch (item.kind) {
    case 'ellipsis':
      return (
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          …
        </span>
      )
    case 'prev':
      return (
        <Link to={{ search: pageSearch(search, item.page) }} className={stepClass}>
          <ChevronLeft aria-hidden="true" />
          Prev
        </Link>
      )
    case 'next':
      return (
        <Link to={{ search: pageSearch(search, item.page) }} className={stepClass}>
          Next
          <ChevronRight aria-hidden="true" />
        </Link>
      )
    case 'page':
      return (
        <Link
          to={{ search: pageSearch(search, item.page) }}
          aria-current={item.current ? 'page' : undefined}
          className={cn(buttonVariants({ variant: item.current ? 'default' : 'outline', size: 'sm' }), 'min-w-8')}
        >
          {item.page}
        </Link>
      )
  }
}
