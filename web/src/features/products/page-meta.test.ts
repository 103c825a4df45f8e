import { describe, expect, it } from 'vitest'

import { listingPageText, productDescription } from '@/features/products/page-meta'

const params = (query: string) => new URLSearchParams(query)

describe('listingPageText', () => {
  it('names the unfiltered listing Products', () => {
    expect(listingPageText(params('page=2')).title).toBe('Products')
  })

  it('names the search and the category', () => {
    expect(listingPageText(params('search=%20fondant%20&category=all'))).toEqual({
      title: 'Search: fondant',
      description: 'Baking supplies matching “fondant” at Whisk, delivered across India.',
    })
    expect(listingPageText(params('search=rose&category=Toppers')).title).toBe('Search: rose in Toppers')
    expect(listingPageText(params('category=Moulds')).title).toBe('Moulds')
  })
})

describe('productDescription', () => {
  it('puts the title and maker before the description', () => {
    expect(productDescription({ title: 'Bread Flour', company: 'Millstone', description: 'Strong\nwheat flour.' })).toBe(
      'Bread Flour by Millstone. Strong wheat flour.',
    )
  })

  it('cuts a long description at a word, within 155 characters', () => {
    const text = productDescription({ title: 'Tin', company: 'Acme', description: 'word, '.repeat(60) })
    expect(text.length).toBeLessThanOrEqual(155)
    expect(text.endsWith('word…')).toBe(true)
  })
})
