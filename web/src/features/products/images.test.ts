import { describe, expect, it } from 'vitest'

import { productSrcSet } from '@/features/products/images'

const image = (width: number | null, height: number | null) => ({
  url: '/uploads/a.webp',
  thumbnail: '/uploads/a-thumb.webp',
  width,
  height,
})

describe('productSrcSet', () => {
  it('offers the thumbnail at its own width and the full image at its width', () => {
    expect(productSrcSet(image(600, 600))).toBe('/uploads/a-thumb.webp 320w, /uploads/a.webp 600w')
    expect(productSrcSet(image(800, 1600)), 'a tall image: its thumbnail is 160 wide').toBe(
      '/uploads/a-thumb.webp 160w, /uploads/a.webp 800w',
    )
  })

  it('has none for a small image, an image stored before sizes were kept, or no image', () => {
    expect(productSrcSet(image(300, 200))).toBeUndefined()
    expect(productSrcSet(image(null, null))).toBeUndefined()
    expect(productSrcSet(undefined)).toBeUndefined()
  })
})
