import { describe, expect, it } from 'vitest'

import { isChunkLoadError } from '@/lib/load-errors'

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://shop.example/assets/later-pages-1a2b3c.js',
    'error loading dynamically imported module: https://shop.example/assets/pages-9z8y.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/pages-9z8y.css',
  ])('knows "%s" for a chunk that did not download', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})
