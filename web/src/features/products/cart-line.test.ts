import { describe, expect, it } from 'vitest'

import { productCartLine } from '@/features/products/cart-line'
import { productImages } from '@/features/products/images'
import type { Product } from '@/lib/api-schemas'

function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'prod-1',
    title: 'Round cake tin 8 inch',
    company: 'Bakeware Co',
    description: 'Anodised aluminium.',
    price: 999,
    sellingPrice: 749.5,
    discountPercent: 24,
    stock: 12,
    featured: true,
    category: { _id: 'cat-1', name: 'Moulds' },
    gstRate: 18,
    hsn: '7323',
    image1: { url: '/uploads/a.webp', thumbnail: '/uploads/a-thumb.webp' },
    image2: null,
    image3: { url: '/uploads/c.webp', thumbnail: '/uploads/c-thumb.webp' },
    image4: null,
    image5: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  }
}

describe('productCartLine', () => {
  it('is the product at its selling price, keyed by its id, with the first thumbnail', () => {
    expect(productCartLine(product(), 3)).toEqual({
      cartID: 'prod-1',
      productID: 'prod-1',
      image: '/uploads/a-thumb.webp',
      title: 'Round cake tin 8 inch',
      price: 749.5,
      company: 'Bakeware Co',
      amount: 3,
    })
  })

  it('has an empty image when the product has no first image', () => {
    expect(productCartLine(product({ image1: null }), 1).image).toBe('')
  })
})

describe('productImages', () => {
  it('lists the filled slots in order', () => {
    expect(productImages(product()).map((image) => image.url)).toEqual(['/uploads/a.webp', '/uploads/c.webp'])
    expect(productImages(product({ image1: null, image3: null }))).toEqual([])
  })
})
