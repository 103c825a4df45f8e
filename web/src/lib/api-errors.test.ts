import { describe, expect, it } from 'vitest'

import { ApiError, errorMessage, fieldErrors, isNotFound } from '@/lib/api-errors'

describe('errorMessage', () => {
  it("uses the server's message", () => {
    const error = new ApiError(403, 'forbidden', 'Only a superadmin can manage admins')
    expect(errorMessage(error, 'Failed to update admin')).toBe('Only a superadmin can manage admins')
  })

  it('falls back when the failure is not an API error or has no message', () => {
    expect(errorMessage(new Error('boom'), 'Something went wrong')).toBe('Something went wrong')
    expect(errorMessage(new ApiError(400, 'bad_request', ''), 'Failed to create user')).toBe('Failed to create user')
  })
})

describe('fieldErrors', () => {
  it('returns the per-field messages of a validation failure', () => {
    const error = new ApiError(400, 'validation_failed', 'Check the form', { email: 'must be an e-mail' })
    expect(fieldErrors(error)).toEqual({ email: 'must be an e-mail' })
  })

  it('puts a conflict message under the field it is about', () => {
    expect(fieldErrors(new ApiError(409, 'email_taken', 'Email already registered'))).toEqual({
      email: 'Email already registered',
    })
    expect(fieldErrors(new ApiError(409, 'mobile_taken', 'Mobile already registered'))).toEqual({
      mobile: 'Mobile already registered',
    })
  })

  it('is empty for other failures', () => {
    expect(fieldErrors(new ApiError(401, 'invalid_credentials', 'Invalid credentials'))).toEqual({})
    expect(fieldErrors(new Error('boom'))).toEqual({})
    expect(fieldErrors(null)).toEqual({})
  })
})

describe('isNotFound', () => {
  it('is true only for a 404 API error', () => {
    expect(isNotFound(new ApiError(404, 'not_found', 'Admin not found'))).toBe(true)
    expect(isNotFound(new ApiError(500, 'internal_error', 'Something went wrong'))).toBe(false)
    expect(isNotFound(new Error('404'))).toBe(false)
  })
})
