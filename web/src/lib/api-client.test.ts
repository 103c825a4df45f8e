import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError, apiFetch, setOnUnauthorized } from '@/lib/api-client'

function respond(status: number, body?: unknown) {
  const fetchMock = vi.fn(async () =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  setOnUnauthorized(() => {})
})

describe('apiFetch', () => {
  it('sends JSON with the bearer token under /api/v1 and returns the parsed body', async () => {
    const fetchMock = respond(200, { data: [1] })
    await expect(apiFetch('/orders', { method: 'POST', body: { a: 1 }, token: 'tok' })).resolves.toEqual({ data: [1] })
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    const headers = new Headers(init.headers)
    expect(url).toBe('/api/v1/orders')
    expect(init.body).toBe('{"a":1}')
    expect(headers.get('Authorization')).toBe('Bearer tok')
    expect(headers.get('Content-Type')).toBe('application/json')
  })

  it('turns the error envelope into an ApiError', async () => {
    respond(409, { error: { status: 409, code: 'email_taken', message: 'Email taken', fields: { email: 'taken' } } })
    const error = await apiFetch('/auth/register').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'email_taken', message: 'Email taken', fields: { email: 'taken' } })
  })

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(apiFetch('/products')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Network error: check your connection',
    })
  })

  it('calls the unauthorized hook with the rejected token on a 401', async () => {
    const onUnauthorized = vi.fn()
    setOnUnauthorized(onUnauthorized)
    respond(401, { error: { status: 401, code: 'unauthorized', message: 'Please log in' } })
    await expect(apiFetch('/orders', { token: 'old' })).rejects.toMatchObject({ status: 401 })
    expect(onUnauthorized).toHaveBeenCalledWith('old')
  })

  it('returns undefined for 204 No Content', async () => {
    respond(204)
    await expect(apiFetch('/orders/1', { method: 'DELETE' })).resolves.toBeUndefined()
  })
})
