/** At or below this many units left, pickers say how few there are. */
export const LOW_STOCK_THRESHOLD = 5

/** 'Only N left' when a product is in stock but running low; null otherwise. */
export function lowStockText(stock: number): string | null {
  return stock > 0 && stock <= LOW_STOCK_THRESHOLD ? `Only ${stock} left` : null
}
