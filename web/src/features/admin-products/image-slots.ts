import { IMAGE_SLOTS } from '@/features/admin-products/types'
import type { Product, ProductImage } from '@/lib/api-schemas'

/** A product's image slots in order, empty ones as null. */
export function productImages(product: Product): (ProductImage | null)[] {
  return IMAGE_SLOTS.map((slot) => product[`image${slot}`] ?? null)
}

/** One image slot of the edit form: what the server has, and what the admin did to it. */
export type ImageSlot = {
  /** The image the product has in this slot on the server, if any. */
  current: ProductImage | null
  /** True once the admin cleared `current`: saving deletes it unless a new file takes its place. */
  cleared: boolean
  /** A newly picked file that replaces whatever the slot held. */
  file: File | null
}

/** What a slot shows: the picked file, the server's image, or an empty box. */
export type SlotView = { kind: 'file'; file: File } | { kind: 'current'; image: ProductImage } | { kind: 'empty' }

/** The five slots of a product as the server has them, nothing changed yet. */
export function slotsFromProduct(product: Product): ImageSlot[] {
  return productImages(product).map((current) => ({ current, cleared: false, file: null }))
}

export function slotView(slot: ImageSlot): SlotView {
  if (slot.file) return { kind: 'file', file: slot.file }
  if (slot.current && !slot.cleared) return { kind: 'current', image: slot.current }
  return { kind: 'empty' }
}

/** The slots with `file` picked for slot `index` (from 0). */
export function pickSlotImage(slots: readonly ImageSlot[], index: number, file: File): ImageSlot[] {
  return slots.map((slot, at) => (at === index ? { ...slot, file } : slot))
}

/**
 * The slots with slot `index` (from 0) cleared one step: a newly picked file is dropped, bringing
 * back what the slot showed before; otherwise the server's image is marked for deletion.
 */
export function clearSlotImage(slots: readonly ImageSlot[], index: number): ImageSlot[] {
  return slots.map((slot, at) => {
    if (at !== index) return slot
    if (slot.file) return { ...slot, file: null }
    return slot.current ? { ...slot, cleared: true } : slot
  })
}
