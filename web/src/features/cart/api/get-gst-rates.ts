import { useQueries } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'

/**
 * Query key of a product's GST rate. Under the shop's 'products' root, so whatever refreshes
 * products (a `price_changed` answer at checkout) refreshes rates too; its own leaf, because
 * its data is the rate alone, not the product page's envelope.
 */
export const gstRateKey = (productId: string) => ['products', 'gst-rate', productId] as const

/** GET /products/{id}, for the product's GST rate (percent). */
export function getGstRate(productId: string, signal?: AbortSignal) {
  return publicApi
    .GET('/api/v1/products/{id}', { params: { path: { id: productId } }, signal })
    .then((body) => body.product.gstRate)
}

/** Rates by product id, and whether any is still on its way. */
export type GstRates = { rates: Record<string, number>; pending: boolean }

/**
 * The GST rates of `productIds` from the server, by product id; a product still loading (or
 * gone) is missing. For cart lines saved before the cart kept each product's rate.
 */
export function useGstRates(productIds: string[]): GstRates {
  return useQueries({
    queries: productIds.map((id) => ({
      queryKey: gstRateKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getGstRate(id, signal),
    })),
    combine: (results) => {
      const rates: Record<string, number> = {}
      results.forEach((result, index) => {
        const id = productIds[index]
        if (id !== undefined && result.data !== undefined) rates[id] = result.data
      })
      return { rates, pending: results.some((result) => result.isPending) }
    },
  })
}
