/** Products per page on /admin/products. */
export const PRODUCTS_PAGE_SIZE = 10

/** How many categories the category select loads: all of them, in practice. */
export const CATEGORY_OPTIONS_PAGE_SIZE = 1000

/**
 * Query keys of the back-office products feature; every key names what its request depends on.
 * The storefront keeps its own product queries under 'products' too, so the back-office ones sit
 * under 'admin' and never share a cache entry with a differently shaped storefront request.
 */
export const productKeys = {
  /** Everything about products, storefront included: what a write to any product can make stale. */
  all: ['products'] as const,
  admin: () => [...productKeys.all, 'admin'] as const,
  /** Pages and search results alike. */
  lists: () => [...productKeys.admin(), 'list'] as const,
  page: (page: number) => [...productKeys.lists(), { page, limit: PRODUCTS_PAGE_SIZE }] as const,
  search: (q: string) => [...productKeys.lists(), { q }] as const,
  detail: (id: string) => [...productKeys.admin(), 'detail', id] as const,
}

/**
 * The category select's list, under the categories' own root key, so that creating, renaming or
 * deleting a category (which invalidates ['categories']) refreshes the select too.
 */
export const categoryOptionsKey = [
  'categories',
  'list',
  { page: 1, limit: CATEGORY_OPTIONS_PAGE_SIZE },
] as const
