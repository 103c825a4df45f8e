import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link, useLocation } from 'react-router'

import { buttonVariants } from '@/components/ui/button'
import { pageSearch } from '@/lib/page-search'
import { paginationItems, usePricingLoaded, type PageItem } from '@/lib/pricing'
import { cn } from '@/lib/utils'

const stepClass = buttonVariants({ variant: 'outline', size: 'sm' })

type PaginationProps = { page: number; pageCount: number; className?: string }

/** The shared page control: links that keep the URL's other params and set `page`; nothing below 2 pages. */
export function Pagination({ page, pageCount, className }: PaginationProps) {
  const { search } = useLocation()
  const loaded = usePricingLoaded()
  // Until the pricing wasm (which lays the control out) arrives, the control's row is held.
  if (!loaded) return pageCount > 1 ? <div aria-hidden="true" className={cn('h-8', className)} /> : null
  const items = paginationItems(page, pageCount)
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
