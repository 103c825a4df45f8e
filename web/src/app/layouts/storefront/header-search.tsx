import { Search } from 'lucide-react'
import { useId, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { productsSearchPath } from '@/features/products/listing-search'
import { formFields } from '@/lib/forms'
import { cn } from '@/lib/utils'

/**
 * The header's product search: opens /products at what was typed (blank input is ignored). On the
 * listing it shows the listing's search, so it follows Back and 'reset'.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  const inputId = useId()
  const current = pathname === '/products' ? (searchParams.get('search') ?? '') : ''

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = formFields(new FormData(event.currentTarget), ['search']).search.trim()
    if (typed !== '') void navigate(productsSearchPath(typed))
  }

  return (
    // The action is for a prerendered shell, whose form the browser sends itself before the app runs.
    <form role="search" aria-label="Site" action="/products" onSubmit={handleSubmit} className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <Input
        key={current}
        id={inputId}
        name="search"
        type="search"
        defaultValue={current}
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        className="pr-11"
      />
      <Button type="submit" variant="ghost" size="icon" aria-label="Search" className="absolute inset-y-0 right-0">
        <Search aria-hidden="true" />
      </Button>
    </form>
  )
}
