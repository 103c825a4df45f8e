import { useQueries } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'
import { isNotFound } from '@/lib/api-errors'

/** What the cart checks its lines against: a product's current selling price and stock. */
export type CatalogProduct = { price: number; stock: number }

/**
 * The catalog as the cart last saw it, by product id: a product, null when it is no longer sold,
 * missing while it loads (or when it could not be asked for).
 */
export type CatalogProducts = Record<string, CatalogProduct | null>

/**
 * Query key of a cart product's price and stock. Under the shop's 'products' root, so a refused
 * checkout (which refreshes product queries) brings the cart up to date.
 */
export const cartProductKey = (productId: string) => ['products', 'cart-product', productId] as const

/** GET /products/{id}: the product's current price and stock; null when it no longer exists. */
export async function getCartProduct(productId: string, signal?: AbortSignal): Promise<CatalogProduct | null> {
  try {
    const { product } = await publicApi.GET('/api/v1/products/{id}', { params: { path: { id: productId } }, signal })
    return { price: product.sellingPrice, stock: product.stock }
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}

/** The current price and stock of `productIds`, asked for again each time a cart screen opens. */
export function useCartProducts(productIds: string[]): CatalogProducts {
  return useQueries({
    queries: productIds.map((id) => ({
      queryKey: cartProductKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getCartProduct(id, signal),
      staleTime: 0,
    })),
    combine: (results) => {
      const products: CatalogProducts = {}
      results.forEach((result, index) => {
        const id = productIds[index]
        // Only answers fetched since this screen opened, and not being fetched again: a cached
        // answer from an earlier visit could take back a price the cart has newer.
        const fresh = result.isFetchedAfterMount && !result.isFetching
        if (id !== undefined && fresh && result.data !== undefined) products[id] = result.data
      })
      return products
    },
  })
}
