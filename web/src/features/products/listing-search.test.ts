import { describe, expect, it } from 'vitest'

import {
  DEFAULT_MAX_PRICE,
  filtersSearch,
  hasPriceFilter,
  layoutSearch,
  listingRequest,
  productCountLabel,
  productsSearchPath,
  readLayout,
  readListingFilters,
} from '@/features/products/listing-search'

const params = (query: string) => new URLSearchParams(query)

describe('readListingFilters', () => {
  it('falls back to the defaults: no search, all, all, a-z, 10000', () => {
    expect(readListingFilters(params(''))).toEqual({
      search: '',
      category: 'all',
      company: 'all',
      order: 'a-z',
      price: DEFAULT_MAX_PRICE,
    })
  })

  it('reads the URL values', () => {
    expect(readListingFilters(params('search=mould&category=Tools&company=Wilton&order=high&price=2500'))).toEqual({
      search: 'mould',
      category: 'Tools',
      company: 'Wilton',
      order: 'high',
      price: 2500,
    })
  })

  it("reads the sort alias the spec's links use when there is no order", () => {
    expect(readListingFilters(params('sort=high')).order).toBe('high')
    expect(readListingFilters(params('sort=high&order=low')).order).toBe('low')
  })

  it('shows the default price for one the slider cannot show', () => {
    for (const price of ['abc', '-1', '15001', '12.5', '']) {
      expect(readListingFilters(params(`price=${price}`)).price).toBe(DEFAULT_MAX_PRICE)
    }
    expect(readListingFilters(params('price=0')).price).toBe(0)
    expect(readListingFilters(params('price=15000')).price).toBe(15000)
  })
})

describe('listingRequest', () => {
  it('is empty for a bare /products, so no price is sent', () => {
    expect(listingRequest(params(''))).toEqual({})
  })

  it('keeps exactly the API params of the URL and drops the layout', () => {
    const url = params('search=cake+tin&category=all&company=all&order=z-a&price=10000&layout=list&page=2')
    expect(listingRequest(url)).toEqual({
      search: 'cake tin',
      category: 'all',
      company: 'all',
      order: 'z-a',
      price: '10000',
      page: '2',
    })
  })

  it("sends the spec's sort alias as order, which wins when the URL has both", () => {
    expect(listingRequest(params('sort=low&layout=list'))).toEqual({ order: 'low' })
    expect(listingRequest(params('order=high&sort=low'))).toEqual({ order: 'high' })
  })

  it('sends a price only when the URL has one', () => {
    expect(listingRequest(params('page=3'))).not.toHaveProperty('price')
    expect(listingRequest(params('price=450')).price).toBe('450')
  })
})

describe('filtersSearch', () => {
  const filters = { search: '  cake tin ', category: 'Tools', company: 'all', order: 'low', price: 10000 }

  it('sets every filter, trims the search and goes back to page 1, keeping the layout', () => {
    const next = filtersSearch(params('page=4&layout=list'), filters)
    expect(Object.fromEntries(next)).toEqual({
      layout: 'list',
      search: 'cake tin',
      category: 'Tools',
      company: 'all',
      order: 'low',
      price: '10000',
    })
  })

  it('replaces a sort alias with the chosen order', () => {
    const next = filtersSearch(params('sort=high'), filters)
    expect(next.has('sort')).toBe(false)
    expect(next.get('order')).toBe('low')
  })

  it('leaves a blank search out', () => {
    const next = filtersSearch(params('search=old'), { ...filters, search: '   ' })
    expect(next.has('search')).toBe(false)
  })

  it('round-trips through readListingFilters', () => {
    const next = filtersSearch(params(''), { ...filters, search: 'cake tin' })
    expect(readListingFilters(next)).toEqual({ ...filters, search: 'cake tin' })
  })
})

describe('layout', () => {
  it('is a grid unless the URL says layout=list', () => {
    expect(readLayout(params(''))).toBe('grid')
    expect(readLayout(params('layout=list'))).toBe('list')
    expect(readLayout(params('layout=other'))).toBe('grid')
  })

  it('writes list to the URL and takes it out again for the grid, keeping the rest', () => {
    const list = layoutSearch(params('page=2&search=x'), 'list')
    expect(list.toString()).toBe('page=2&search=x&layout=list')
    expect(layoutSearch(list, 'grid').toString()).toBe('page=2&search=x')
  })
})

describe('productCountLabel', () => {
  it('is singular only for one product', () => {
    expect(productCountLabel(0)).toBe('0 products')
    expect(productCountLabel(1)).toBe('1 product')
    expect(productCountLabel(22)).toBe('22 products')
  })
})

describe('hasPriceFilter', () => {
  it('is true only when the URL carries a price', () => {
    expect(hasPriceFilter(params('search=flour'))).toBe(false)
    expect(hasPriceFilter(params('price=2500'))).toBe(true)
  })
})

describe('productsSearchPath', () => {
  it('opens the listing at the trimmed, encoded search', () => {
    expect(productsSearchPath('  cake & bake ')).toBe('/products?search=cake+%26+bake')
  })
})
