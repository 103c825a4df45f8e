import { describe, expect, it } from 'vitest'

import {
  clearSlotImage,
  pickSlotImage,
  slotsFromProduct,
  slotView,
  type ImageSlot,
} from '@/features/admin-products/image-slots'
import type { Product } from '@/lib/api-schemas'

const image = (n: number) => ({ url: `/uploads/p1-${n}.webp`, thumbnail: `/uploads/p1-${n}-thumb.webp` })

const product: Product = {
  _id: 'p1',
  title: 'Cocoa powder',
  company: 'Bake Co',
  description: 'Dutch processed',
  price: 499,
  sellingPrice: 449.5,
  discountPercent: 9,
  stock: 12,
  featured: false,
  category: { _id: 'c1', name: 'Ingredients' },
  hsn: '1806',
  gstRate: 18,
  image1: image(1),
  image2: null,
  image3: image(3),
  image4: null,
  image5: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}

const file = (name: string) => new File(['x'], name, { type: 'image/png' })

describe('slotsFromProduct', () => {
  it('gives five untouched slots in order, empty ones without an image', () => {
    const slots = slotsFromProduct(product)
    expect(slots).toHaveLength(5)
    expect(slots[0]).toEqual({ current: image(1), cleared: false, file: null })
    expect(slots[1]).toEqual({ current: null, cleared: false, file: null })
    expect(slots.map((slot) => slotView(slot).kind)).toEqual(['current', 'empty', 'current', 'empty', 'empty'])
  })
})

describe('pickSlotImage', () => {
  it('shows the picked file in that slot only, over any current image', () => {
    const picked = file('new.png')
    const slots = pickSlotImage(slotsFromProduct(product), 0, picked)
    expect(slotView(slots[0] as ImageSlot)).toEqual({ kind: 'file', file: picked })
    expect(slotView(slots[2] as ImageSlot)).toEqual({ kind: 'current', image: image(3) })
  })

  it('does not change the slots it was given', () => {
    const slots = slotsFromProduct(product)
    pickSlotImage(slots, 1, file('a.png'))
    expect(slots[1]?.file).toBeNull()
  })
})

describe('clearSlotImage', () => {
  it('marks an existing image for deletion and shows an empty box', () => {
    const slots = clearSlotImage(slotsFromProduct(product), 2)
    expect(slots[2]).toEqual({ current: image(3), cleared: true, file: null })
    expect(slotView(slots[2] as ImageSlot)).toEqual({ kind: 'empty' })
  })

  it('drops a newly picked file, bringing back what the slot showed before', () => {
    let slots = pickSlotImage(slotsFromProduct(product), 0, file('new.png'))
    slots = clearSlotImage(slots, 0)
    expect(slots[0]).toEqual({ current: image(1), cleared: false, file: null })

    slots = pickSlotImage(slotsFromProduct(product), 1, file('new.png'))
    slots = clearSlotImage(slots, 1)
    expect(slotView(slots[1] as ImageSlot)).toEqual({ kind: 'empty' })
  })

  it('keeps a cleared image cleared when a file picked after it is dropped', () => {
    let slots = clearSlotImage(slotsFromProduct(product), 0)
    slots = pickSlotImage(slots, 0, file('new.png'))
    slots = clearSlotImage(slots, 0)
    expect(slots[0]).toEqual({ current: image(1), cleared: true, file: null })
  })

  it('leaves an empty slot as it is', () => {
    const slots = slotsFromProduct(product)
    expect(clearSlotImage(slots, 4)[4]).toEqual(slots[4])
  })
})
