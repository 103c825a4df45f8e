import { describe, expect, it } from 'vitest'

import { categoryKeys } from '@/features/categories/api/category-keys'

describe('categoryKeys', () => {
  it('names the page and its limit, and the detail id', () => {
    expect(categoryKeys.page(2)).toEqual(['categories', 'list', { page: 2, limit: 10 }])
    expect(categoryKeys.detail('c1')).toEqual(['categories', 'detail', 'c1'])
  })

  it('nests every key under the feature key that writes invalidate', () => {
    for (const key of [categoryKeys.lists(), categoryKeys.page(1), categoryKeys.detail('c1')]) {
      expect(key.slice(0, categoryKeys.all.length)).toEqual([...categoryKeys.all])
    }
  })
})
