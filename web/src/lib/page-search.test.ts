import { describe, expect, it } from 'vitest'

import { pageSearch, readPage } from '@/lib/page-search'

describe('readPage', () => {
  it('reads a whole page number from 1', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3)
    expect(readPage(new URLSearchParams('q=flour&page=12'))).toBe(12)
  })

  it('falls back to page 1 when page is missing or not a page number', () => {
    for (const search of ['', 'page=', 'page=0', 'page=-2', 'page=1.5', 'page=abc']) {
      expect(readPage(new URLSearchParams(search))).toBe(1)
    }
  })
})

describe('pageSearch', () => {
  it('sets page on an empty query', () => {
    expect(pageSearch('', 2)).toBe('?page=2')
  })

  it('replaces page and keeps every other param in order', () => {
    expect(pageSearch('?category=Moulds&page=4&sort=a-z', 5)).toBe('?category=Moulds&page=5&sort=a-z')
  })

  it('keeps repeated and encoded params', () => {
    const next = new URLSearchParams(pageSearch('?search=cake%20mix&tag=a&tag=b', 1))
    expect(next.get('search')).toBe('cake mix')
    expect(next.getAll('tag')).toEqual(['a', 'b'])
    expect(next.get('page')).toBe('1')
  })
})
