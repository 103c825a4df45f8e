import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** One filled image slot of a product: the full image and a small WebP for lists and tiles. */
export type ProductImage = Schemas['ImageRef']

/** The five image slots, numbered as the API names them (image1 .. image5). */
export const IMAGE_SLOTS = [1, 2, 3, 4, 5] as const

export type ImageSlotNumber = (typeof IMAGE_SLOTS)[number]

/** A product as GET /products, GET /products/search and GET /products/{id} return it. */
export type Product = Schemas['ProductView']

/** A product's image slots in order, empty ones as null. */
export function productImages(product: Product): (ProductImage | null)[] {
  return IMAGE_SLOTS.map((slot) => product[`image${slot}`] ?? null)
}

/** A category as the category select needs it: the product API takes the category's name. */
export type CategoryOption = Schemas['Category']

/**
 * The text fields of the create and edit forms, in payload order. Numbers stay the strings the
 * inputs hold; the server parses them.
 */
export const PRODUCT_FORM_FIELDS = [
  'title',
  'company',
  'description',
  'sellingPrice',
  'price',
  'stock',
  'category',
  'hsn',
  'gstRate',
] as const

export type ProductFormValues = Record<(typeof PRODUCT_FORM_FIELDS)[number], string>

/** The image types the API takes, for the file inputs' `accept`. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp'
