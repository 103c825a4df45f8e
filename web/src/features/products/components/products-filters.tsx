import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'

import { Field, FormField } from '@/components/form-field'
import { Button, buttonVariants } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Slider } from '@/components/ui/slider'
import {
  filtersSearch,
  hasPriceFilter,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  readListingFilters,
  SORT_OPTIONS,
  type ListingFilters,
} from '@/features/products/listing-search'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

type ProductsFiltersProps = {
  /** Category names from the listing's meta, 'all' first. */
  categories: readonly string[]
  /** Company names from the listing's meta, 'all' first. */
  companies: readonly string[]
}

/**
 * The listing's filter form. It starts from the URL (the parent keys it by the URL's filters, so
 * Back and 'reset' refill it) and submitting writes every filter to the URL, back on page 1.
 */
export function ProductsFilters({ categories, companies }: ProductsFiltersProps) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [filters, setFilters] = useState<ListingFilters>(() => readListingFilters(searchParams))
  // Until the URL has a price or the slider moves, the list is not narrowed by price.
  const [priceChosen, setPriceChosen] = useState(() => hasPriceFilter(searchParams))
  const priceText = priceChosen ? formatInr(filters.price) : 'Any price'

  function update<Key extends keyof ListingFilters>(key: Key, value: ListingFilters[Key]) {
    setFilters((current) => ({ ...current, [key]: value }))
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSearchParams(filtersSearch(searchParams, filters))
  }

  return (
    <form
      role="search"
      aria-label="Filter products"
      onSubmit={handleSubmit}
      className={cn(
        'grid items-end gap-x-4 gap-y-5 rounded-xl border bg-card p-4 text-card-foreground shadow-sm',
        'sm:grid-cols-2 sm:p-6 lg:grid-cols-4',
      )}
    >
      <FormField
        label="Search product"
        name="search"
        type="search"
        autoComplete="off"
        value={filters.search}
        onChange={(event) => update('search', event.target.value)}
      />
      <Field label="Select category">
        {(control) => (
          <NativeSelect
            {...control}
            name="category"
            value={filters.category}
            onChange={(event) => update('category', event.target.value)}
          >
            {withCurrent(categories, filters.category).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Select company">
        {(control) => (
          <NativeSelect
            {...control}
            name="company"
            value={filters.company}
            onChange={(event) => update('company', event.target.value)}
          >
            {withCurrent(companies, filters.company).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Sort by">
        {(control) => (
          <NativeSelect
            {...control}
            name="order"
            value={filters.order}
            onChange={(event) => update('order', event.target.value)}
          >
            {SORT_OPTIONS.map((order) => (
              <option key={order} value={order}>
                {order}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        <div className="flex items-center justify-between gap-4">
          <span className="text-sm leading-none font-medium">
            Select price
          </span>
          <span className="font-semibold tabular-nums">{priceText}</span>
        </div>
        <Slider
          thumbLabel="Select price"
          thumbValueText={priceText}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={[filters.price]}
          onValueChange={([price]) => {
            if (price === undefined) return
            update('price', price)
            setPriceChosen(true)
          }}
        />
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{`Min: ${formatInr(PRICE_MIN)}`}</span>
          <span>{`Max: ${formatInr(PRICE_MAX)}`}</span>
        </div>
      </div>
      <Button type="submit" className="w-full">
        Search
      </Button>
      <Link to="/products" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        Reset
      </Link>
    </form>
  )
}

/** The select's options: the listing's names, plus the chosen one if the listing does not (yet) name it. */
function withCurrent(options: readonly string[], current: string): readonly string[] {
  const names = options.length > 0 ? options : ['all']
  return names.includes(current) ? names : [...names, current]
}
