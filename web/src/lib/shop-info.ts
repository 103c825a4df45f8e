// The seller as GET /shop describes it: its state decides whether the tax on an order is
// CGST + SGST (or UTGST) or IGST, and its GST slabs are the rates a product may have.
import { useQuery } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'

export const shopInfoKey = ['shop'] as const

export function getShopInfo(signal?: AbortSignal) {
  return publicApi.GET('/api/v1/shop', { signal }).then((body) => body.shop)
}

/** The shop's details; they change only with the server's configuration, so they are kept an hour. */
export function useShopInfo() {
  return useQuery({ queryKey: shopInfoKey, queryFn: ({ signal }) => getShopInfo(signal), staleTime: 60 * 60 * 1000 })
}
