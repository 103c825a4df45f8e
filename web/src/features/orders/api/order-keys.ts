/** Orders per page on /orders. */
export const ORDERS_PAGE_SIZE = 10

/**
 * Query keys of the customer's orders. They sit under 'customer' because a signed-in admin's
 * GET /orders (every order) answers differently to the same URL; a new order invalidates `all`.
 */
export const orderKeys = {
  all: ['orders'] as const,
  customer: () => [...orderKeys.all, 'customer'] as const,
  page: (page: number) => [...orderKeys.customer(), 'list', { page, limit: ORDERS_PAGE_SIZE }] as const,
  detail: (id: string) => [...orderKeys.customer(), 'detail', id] as const,
}
