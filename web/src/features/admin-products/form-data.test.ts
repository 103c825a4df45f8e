import { describe, expect, it } from 'vitest'

import {
  chosenFile,
  chosenImages,
  createProductFormData,
  updateProductFormData,
} from '@/features/admin-products/form-data'
import type { ImageSlot } from '@/features/admin-products/image-slots'
import type { ProductFormValues } from '@/features/admin-products/types'

const values: ProductFormValues = {
  title: 'Cocoa powder',
  company: 'Bake Co',
  description: 'Dutch processed',
  sellingPrice: '449.50',
  price: '499',
  stock: '12',
  category: 'Ingredients',
  hsn: '1806',
  gstRate: '18',
}

const textFields = [
  ['title', 'Cocoa powder'],
  ['company', 'Bake Co'],
  ['description', 'Dutch processed'],
  ['sellingPrice', '449.50'],
  ['price', '499'],
  ['stock', '12'],
  ['category', 'Ingredients'],
  ['hsn', '1806'],
  ['gstRate', '18'],
]

const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' })
const current = { url: '/uploads/a.webp', thumbnail: '/uploads/a-thumb.webp' }

/** The body's entries, files as their names, so they compare as plain data. */
function entries(body: FormData) {
  return [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`])
}

describe('chosenFile', () => {
  it('is the file a file input holds', () => {
    const file = png('a.png')
    expect(chosenFile(file)).toBe(file)
  })

  it('is null for the empty nameless file of an input left alone, a text value or nothing', () => {
    expect(chosenFile(new File([], ''))).toBeNull()
    expect(chosenFile('a.png')).toBeNull()
    expect(chosenFile(null)).toBeNull()
  })
})

describe('chosenImages', () => {
  it('reads image1 .. image5 in slot order, null where nothing was chosen', () => {
    const form = new FormData()
    form.append('image1', new File([], ''))
    form.append('image2', png('two.png'))
    form.append('image4', png('four.png'))
    form.append('title', 'ignored')
    expect(chosenImages(form).map((file) => file?.name ?? null)).toEqual([null, 'two.png', null, 'four.png', null])
  })
})

describe('createProductFormData', () => {
  it('sends every field, featured false and only the chosen images, under their slot names', () => {
    const body = createProductFormData(values, [png('one.png'), null, png('three.png'), null, null])
    expect(entries(body)).toEqual([
      ...textFields,
      ['featured', 'false'],
      ['image1', 'file:one.png'],
      ['image3', 'file:three.png'],
    ])
  })

  it('leaves the GST rate to the server when none was chosen', () => {
    const body = createProductFormData({ ...values, gstRate: '' }, [null, null, null, null, null])
    expect(body.has('gstRate')).toBe(false)
    expect(body.get('hsn')).toBe('1806')
  })

  it('sends no image field without images', () => {
    const body = createProductFormData(values, [null, null, null, null, null])
    expect(entries(body)).toEqual([...textFields, ['featured', 'false']])
  })
})

describe('updateProductFormData', () => {
  const untouched: ImageSlot = { current, cleared: false, file: null }
  const empty: ImageSlot = { current: null, cleared: false, file: null }

  it('sends every field, the stock it was loaded with, featured as true or false, and nothing for untouched slots', () => {
    const slots = [untouched, empty, empty, empty, empty]
    expect(entries(updateProductFormData(values, { featured: true, stockShown: 9, slots }))).toEqual([
      ...textFields,
      ['stockShown', '9'],
      ['featured', 'true'],
    ])
    expect(entries(updateProductFormData(values, { featured: false, stockShown: 9, slots }))).toEqual([
      ...textFields,
      ['stockShown', '9'],
      ['featured', 'false'],
    ])
  })

  it('sends a picked file for its slot, whether it replaces an image or fills an empty slot', () => {
    const slots: ImageSlot[] = [
      { current, cleared: false, file: png('replacement.png') },
      empty,
      { current: null, cleared: false, file: png('added.png') },
      empty,
      empty,
    ]
    expect(entries(updateProductFormData(values, { featured: false, stockShown: 9, slots }))).toEqual([
      ...textFields,
      ['stockShown', '9'],
      ['featured', 'false'],
      ['image1', 'file:replacement.png'],
      ['image3', 'file:added.png'],
    ])
  })

  it('flags a cleared existing image for deletion, unless a new file takes its place', () => {
    const slots: ImageSlot[] = [
      empty,
      { current, cleared: true, file: null },
      empty,
      { current, cleared: true, file: png('instead.png') },
      { current: null, cleared: true, file: null },
    ]
    expect(entries(updateProductFormData(values, { featured: false, stockShown: 9, slots }))).toEqual([
      ...textFields,
      ['stockShown', '9'],
      ['featured', 'false'],
      ['delete_image2', 'true'],
      ['image4', 'file:instead.png'],
    ])
  })
})
