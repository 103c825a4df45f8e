/** Admins per page on /admin/admins. */
export const ADMINS_PAGE_SIZE = 10

/** Query keys of the admins feature; every key names what its request depends on. */
export const adminKeys = {
  all: ['admins'] as const,
  lists: () => [...adminKeys.all, 'list'] as const,
  page: (page: number) => [...adminKeys.lists(), { page, limit: ADMINS_PAGE_SIZE }] as const,
  detail: (id: string) => [...adminKeys.all, 'detail', id] as const,
}
