import { describe, expect, it } from 'vitest'

import { ApiError } from '@/lib/api-errors'
import { retryUnlessClientError } from '@/lib/query-retry'

describe('retryUnlessClientError', () => {
  it('retries a network or server failure once', () => {
    const network = new ApiError(0, 'network', 'Network error: check your connection')
    const server = new ApiError(503, 'unavailable', 'Something went wrong')
    expect(retryUnlessClientError(0, network)).toBe(true)
    expect(retryUnlessClientError(0, server)).toBe(true)
    expect(retryUnlessClientError(1, server)).toBe(false)
  })

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 429]) {
      expect(retryUnlessClientError(0, new ApiError(status, 'bad_request', 'x'))).toBe(false)
    }
  })
})
