// The back office's searches, which several of its screens share (each under its own query key).
import { adminApi } from '@/lib/api-client'

/** GET /users/search?q=: up to 20 customers whose name, e-mail, mobile or company contains q. */
export function searchCustomers(q: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/users/search', { params: { query: { q } }, signal })
}

/** GET /products/search?q=: up to 20 products whose title or company contains q. */
export function searchProducts(q: string, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/products/search', { params: { query: { q } }, signal })
}
