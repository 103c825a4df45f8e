/** Users per page on /admin/users. */
export const USERS_PAGE_SIZE = 10

/** Query keys of the users feature; every key names what its request depends on. */
export const userKeys = {
  all: ['users'] as const,
  /** Pages and search results alike: everything a change to a user can make stale. */
  lists: () => [...userKeys.all, 'list'] as const,
  page: (page: number) => [...userKeys.lists(), { page, limit: USERS_PAGE_SIZE }] as const,
  search: (q: string) => [...userKeys.lists(), { q }] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
}
