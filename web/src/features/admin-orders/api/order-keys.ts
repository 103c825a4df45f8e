import type { OrderStatus } from '@/lib/api-schemas'

/** Orders per page on /admin/orders. */
export const ORDERS_PAGE_SIZE = 10

/** What the orders list shows: a page, optionally narrowed by a search text and a status. */
export type OrdersQuery = { page: number; q: string; status?: OrderStatus }

/**
 * Query keys of the back-office orders feature; every key names what its request depends on.
 * The customer's own orders will live under 'orders' too, so these sit under 'admin'.
 */
export const orderKeys = {
  /** Everything about orders, the customer's included: what a write to any order can make stale. */
  all: ['orders'] as const,
  admin: () => [...orderKeys.all, 'admin'] as const,
  lists: () => [...orderKeys.admin(), 'list'] as const,
  page: (query: OrdersQuery) => [...orderKeys.lists(), { ...query, limit: ORDERS_PAGE_SIZE }] as const,
  detail: (id: string) => [...orderKeys.admin(), 'detail', id] as const,
  /** An order's history: under `all`, so that saving the order (which invalidates it) refreshes it. */
  timeline: (id: string) => [...orderKeys.admin(), 'timeline', id] as const,
}

/**
 * Keys of the pickers the order screens use, each under the root key of what it lists, so that a
 * write to a product or a customer (which invalidates 'products' or 'users') refreshes them too.
 * They never share an entry with the products or users features' differently typed queries.
 */
export const pickerKeys = {
  /** Products whose stock an order write moves. */
  products: ['products', 'order-picker'] as const,
  productSearch: (q: string) => [...pickerKeys.products, { q }] as const,
  /** The stock left of a product an order being edited has. */
  lineStock: (productId: string) => [...pickerKeys.products, 'stock', productId] as const,
  customerSearch: (q: string) => ['users', 'order-picker', { q }] as const,
}
