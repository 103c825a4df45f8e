import { useQueries } from '@tanstack/react-query'

import { pickerKeys } from '@/features/admin-orders/api/order-keys'
import { adminApi } from '@/lib/api-client'
import { isNotFound } from '@/lib/api-errors'

/** GET /products/{id}: the units of a product left on the shelf; null when it no longer exists. */
export async function getLineStock(productId: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const { product } = await adminApi.GET('/api/v1/products/{id}', { params: { path: { id: productId } }, signal })
    return product.stock
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}

/**
 * The stock left of the products an order has, by product id, for the limits of its lines on the
 * edit screen; a product is missing while it loads, when it could not be asked for or is gone.
 * Nothing is asked while `enabled` is false (an invoiced order's lines do not change).
 */
export function useLineStock(productIds: string[], enabled: boolean): Record<string, number> {
  return useQueries({
    queries: productIds.map((id) => ({
      queryKey: pickerKeys.lineStock(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getLineStock(id, signal),
      enabled,
      staleTime: 0,
    })),
    combine: (results) => {
      const stock: Record<string, number> = {}
      results.forEach((result, index) => {
        const id = productIds[index]
        if (id !== undefined && typeof result.data === 'number') stock[id] = result.data
      })
      return stock
    },
  })
}
