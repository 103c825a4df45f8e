/** The five image slots of a product, in display order. */
export const PRODUCT_IMAGE_SLOTS = ['image1', 'image2', 'image3', 'image4', 'image5'] as const
