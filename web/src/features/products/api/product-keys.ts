import type { ListingRequest } from '@/features/products/listing-search'

/** Query keys of the products feature; every key names what its request depends on. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  /** A listing, keyed by the exact query the request sends. */
  list: (request: ListingRequest) => [...productKeys.lists(), request] as const,
  featured: () => [...productKeys.lists(), 'featured'] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
}
