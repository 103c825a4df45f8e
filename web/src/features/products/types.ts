import type { components } from '@/lib/api-types'
import type { ListResponse } from '@/lib/api-list'

/** One stored picture of a product: the full image and its small version for grids, lists and the cart. */
export type ProductImage = { url: string; thumbnail: string }

/** The five image slots of a product, in display order. */
export const PRODUCT_IMAGE_SLOTS = ['image1', 'image2', 'image3', 'image4', 'image5'] as const

/** A product as GET /products and GET /products/{id} return it. Money fields are rupees. */
export type Product = {
  _id: string
  title: string
  company: string
  description: string
  /** List price, shown struck through. */
  price: number
  /** The price the customer pays. */
  sellingPrice: number
  stock: number
  featured: boolean
  category: { _id: string; name: string }
  createdAt: string
  updatedAt: string
} & Pick<components['schemas']['ProductView'], 'gstRate' | 'hsn'> &
  Record<(typeof PRODUCT_IMAGE_SLOTS)[number], ProductImage | null>

/** GET /products: a page of products plus the names the filter selects offer ('all' first). */
export type ProductsResponse = ListResponse<Product> & {
  meta: ListResponse<Product>['meta'] & { categories: string[]; companies: string[] }
}

/** GET /products/{id}. */
export type ProductResponse = { product: Product }
