import { describe, expect, it } from 'vitest'

import { categoryFieldErrors } from '@/features/categories/field-errors'
import { ApiError } from '@/lib/api-errors'

describe('categoryFieldErrors', () => {
  it('puts a name_taken conflict under the name field', () => {
    const error = new ApiError(409, 'name_taken', 'A category with this name already exists')
    expect(categoryFieldErrors(error)).toEqual({ name: 'A category with this name already exists' })
  })

  it('returns the per-field messages of a validation failure', () => {
    const error = new ApiError(400, 'validation_failed', 'invalid category', {
      name: 'is required',
      description: 'must be at most 2000 characters',
    })
    expect(categoryFieldErrors(error)).toEqual({
      name: 'is required',
      description: 'must be at most 2000 characters',
    })
  })

  it('keeps a name message the server already gave', () => {
    const error = new ApiError(409, 'name_taken', 'Name taken', { name: 'is taken' })
    expect(categoryFieldErrors(error)).toEqual({ name: 'is taken' })
  })

  it('is empty for failures about no field', () => {
    expect(categoryFieldErrors(new ApiError(403, 'forbidden', 'Staff cannot delete'))).toEqual({})
    expect(categoryFieldErrors(new ApiError(409, 'category_in_use', '3 products use this category'))).toEqual({})
    expect(categoryFieldErrors(new Error('boom'))).toEqual({})
    expect(categoryFieldErrors(null)).toEqual({})
  })
})
