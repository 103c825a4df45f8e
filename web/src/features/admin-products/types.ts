/** The five image slots, numbered as the API names them (image1 .. image5). */
export const IMAGE_SLOTS = [1, 2, 3, 4, 5] as const

export type ImageSlotNumber = (typeof IMAGE_SLOTS)[number]

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
