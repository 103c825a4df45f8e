import type { ImageSlot } from '@/features/admin-products/image-slots'
import { IMAGE_SLOTS, PRODUCT_FORM_FIELDS, type ProductFormValues } from '@/features/admin-products/types'

/** A file input's entry as a file, or null when nothing was chosen (browsers send an empty, nameless file). */
export function chosenFile(entry: FormDataEntryValue | null): File | null {
  return entry instanceof File && (entry.size > 0 || entry.name !== '') ? entry : null
}

/** The files chosen in the create form's inputs image1 .. image5, in slot order. */
export function chosenImages(formData: FormData): (File | null)[] {
  return IMAGE_SLOTS.map((slot) => chosenFile(formData.get(`image${slot}`)))
}

/** Every text field; a GST rate left to the server (its select could not load the slabs) is left out. */
function appendFields(body: FormData, values: ProductFormValues) {
  for (const name of PRODUCT_FORM_FIELDS) {
    if (name === 'gstRate' && values.gstRate === '') continue
    body.append(name, values[name])
  }
}

/** The multipart body of POST /products: every field, not featured, and the chosen files as image1 .. image5. */
export function createProductFormData(values: ProductFormValues, images: readonly (File | null)[]): FormData {
  const body = new FormData()
  appendFields(body, values)
  body.append('featured', 'false')
  images.forEach((file, index) => {
    if (file) body.append(`image${index + 1}`, file)
  })
  return body
}

/** What the edit screen adds to the text fields. */
export type ProductEdit = {
  featured: boolean
  /** The stock the form was loaded with: the server moves stock by `stock - stockShown`, so units ordered meanwhile stay taken. */
  stockShown: number
  slots: readonly ImageSlot[]
}

/**
 * The multipart body of PATCH /products/{id}: every field, stockShown, featured as 'true'/'false',
 * a new file for each replaced slot, and delete_imageN=true for each cleared slot that had an
 * image. Slots left alone are not mentioned, so the server keeps them.
 */
export function updateProductFormData(values: ProductFormValues, { featured, stockShown, slots }: ProductEdit): FormData {
  const body = new FormData()
  appendFields(body, values)
  body.append('stockShown', String(stockShown))
  body.append('featured', String(featured))
  slots.forEach((slot, index) => {
    const slotNumber = index + 1
    if (slot.file) body.append(`image${slotNumber}`, slot.file)
    else if (slot.cleared && slot.current) body.append(`delete_image${slotNumber}`, 'true')
  })
  return body
}
