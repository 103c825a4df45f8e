import type { Product } from '@/lib/api-schemas'
import type { CartLine } from '@/lib/pricing'

/** The cart line 'Add to bag' adds: one line per product, at its selling price, with its thumbnail. */
export function productCartLine(product: Product, amount: number): CartLine {
  return {
    cartID: product._id,
    productID: product._id,
    image: product.image1?.thumbnail ?? '',
    title: product.title,
    price: product.sellingPrice,
    company: product.company,
    amount,
  }
}
