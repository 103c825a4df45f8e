/** Query keys of the products feature; every key names what its request depends on. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  /** A listing, keyed by the exact query string the request sends. */
  list: (query: string) => [...productKeys.lists(), query] as const,
  featured: () => [...productKeys.lists(), 'featured'] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
}
