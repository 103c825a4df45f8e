// The /products listing keeps all of its state in the URL: the filters, the page and the layout.
// These helpers read that state and write it back; the API request is derived from the same URL.
import type { ApiQuery } from '@/lib/api-paths'

export const SORT_OPTIONS = ['a-z', 'z-a', 'high', 'low'] as const

export const PRICE_MIN = 0
export const PRICE_MAX = 15000
export const PRICE_STEP = 1
/** Where the price slider starts when the URL has no price. */
export const DEFAULT_MAX_PRICE = 10000

export type ListingFilters = {
  search: string
  category: string
  company: string
  order: string
  /** Highest selling price, whole rupees. */
  price: number
}

export type ListingLayout = 'grid' | 'list'

/** What the filter form shows for `params`: the URL's values, or the defaults where it has none. */
export function readListingFilters(params: URLSearchParams): ListingFilters {
  return {
    search: params.get('search') ?? '',
    category: params.get('category') || 'all',
    company: params.get('company') || 'all',
    order: params.get('order') || params.get('sort') || SORT_OPTIONS[0],
    price: readPrice(params.get('price')),
  }
}

/** Whether the listing at `params` is narrowed by price (the API gets a price only from the URL). */
export function hasPriceFilter(params: URLSearchParams): boolean {
  return params.get('price') !== null
}

function readPrice(value: string | null): number {
  if (value === null || value.trim() === '') return DEFAULT_MAX_PRICE
  const price = Number(value)
  return Number.isInteger(price) && price >= PRICE_MIN && price <= PRICE_MAX ? price : DEFAULT_MAX_PRICE
}

/** The query of GET /products. */
export type ListingRequest = ApiQuery<'/api/v1/products'>

/** The URL params sent to the API, by the names the API documents as primary. */
const REQUEST_PARAMS = ['search', 'category', 'company', 'order', 'price', 'page'] as const

/**
 * The query of GET /products for the listing at `params`: the URL's API params with the URL's
 * values, the spec's `sort` alias sent as `order`. A price is sent only once it is in the URL.
 */
export function listingRequest(params: URLSearchParams): ListingRequest {
  const request: ListingRequest = {}
  for (const name of REQUEST_PARAMS) {
    const value = name === 'order' ? params.get('order') || params.get('sort') : params.get(name)
    if (value !== null) request[name] = value
  }
  return request
}

/**
 * The URL query after submitting `filters` on the listing at `current`: every filter set (a blank
 * search left out), back to the first page, other params such as the layout kept.
 */
export function filtersSearch(current: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(current)
  next.delete('page')
  const search = filters.search.trim()
  if (search === '') next.delete('search')
  else next.set('search', search)
  next.set('category', filters.category)
  next.set('company', filters.company)
  next.delete('sort')
  next.set('order', filters.order)
  next.set('price', String(filters.price))
  return next
}

/** The listing of the products matching `search`, as the header's search box opens it. */
export function productsSearchPath(search: string): string {
  return `/products?${new URLSearchParams({ search: search.trim() }).toString()}`
}

/** The layout in the URL: `layout=list` for rows, a grid of cards otherwise. */
export function readLayout(params: URLSearchParams): ListingLayout {
  return params.get('layout') === 'list' ? 'list' : 'grid'
}

/** The URL query showing the same listing in `layout`; the default grid leaves the param out. */
export function layoutSearch(current: URLSearchParams, layout: ListingLayout): URLSearchParams {
  const next = new URLSearchParams(current)
  if (layout === 'list') next.set('layout', 'list')
  else next.delete('layout')
  return next
}

/** '1 product', '0 products', '12 products'. */
export function productCountLabel(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`
}
