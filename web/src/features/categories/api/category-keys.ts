/** Categories per page on /admin/category. */
export const CATEGORIES_PAGE_SIZE = 10

/** Query keys of the categories feature; every key names what its request depends on. */
export const categoryKeys = {
  /** Everything about categories: what a write to any category can make stale. */
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  page: (page: number) => [...categoryKeys.lists(), { page, limit: CATEGORIES_PAGE_SIZE }] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
}
