/** One filled image slot of a product: the full image and a small WebP for lists and tiles. */
export type ProductImage = { url: string; thumbnail: string }

/** The five image slots, numbered as the API names them (image1 .. image5). */
export const IMAGE_SLOTS = [1, 2, 3, 4, 5] as const

export type ImageSlotNumber = (typeof IMAGE_SLOTS)[number]

/** A product as GET /products, GET /products/search and GET /products/{id} return it. */
export type Product = {
  _id: string
  title: string
  company: string
  description: string
  /** The list price, shown struck through in the shop. */
  price: number
  /** What is charged. */
  sellingPrice: number
  stock: number
  featured: boolean
  category: { _id: string; name: string }
  image1: ProductImage | null
  image2: ProductImage | null
  image3: ProductImage | null
  image4: ProductImage | null
  image5: ProductImage | null
  createdAt: string
  updatedAt: string
}

/** A product's image slots in order, empty ones as null. */
export function productImages(product: Product): (ProductImage | null)[] {
  return IMAGE_SLOTS.map((slot) => product[`image${slot}`])
}

/** A category as the category select needs it: the product API takes the category's name. */
export type CategoryOption = { _id: string; name: string; description: string }

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
] as const

export type ProductFormValues = Record<(typeof PRODUCT_FORM_FIELDS)[number], string>

/** The image types the API takes, for the file inputs' `accept`. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp'
