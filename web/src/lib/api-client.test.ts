import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'

import { adminApi, customerApi, pdfDownload, publicApi } from '@/lib/api-client'
import { ApiError } from '@/lib/api-errors'
import type { OrderEnvelope } from '@/lib/api-schemas'
import { setOnUnauthorized, setTokenSource } from '@/lib/api-session'

function respond(status: number, body?: unknown) {
  const fetchMock = vi.fn(async (_request: Request) =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The request the client sent. */
function sent(fetchMock: ReturnType<typeof respond>): Request {
  const request = fetchMock.mock.calls[0]?.[0]
  if (!request) throw new Error('nothing was sent')
  return request
}

afterEach(() => {
  vi.unstubAllGlobals()
  setOnUnauthorized(() => {})
  setTokenSource(() => undefined)
})

const checkout = { address: '1 MG Road', name: 'Asha', cartItems: [] }

describe('the API client', () => {
  it("sends JSON with the session's bearer token under /api/v1 and returns the parsed body", async () => {
    setTokenSource((session) => (session === 'customer' ? 'tok' : 'admin-tok'))
    const fetchMock = respond(200, { data: [1] })
    await expect(customerApi.POST('/api/v1/orders', { body: { data: checkout } })).resolves.toEqual({ data: [1] })
    const request = sent(fetchMock)
    expect(new URL(request.url).pathname).toBe('/api/v1/orders')
    expect(request.method).toBe('POST')
    expect(await request.text()).toBe(JSON.stringify({ data: checkout }))
    expect(request.headers.get('Authorization')).toBe('Bearer tok')
    expect(request.headers.get('Content-Type')).toBe('application/json')
    expect(request.headers.get('Accept')).toBe('application/json')
  })

  it("sends the admin's token for admin calls and none for public ones", async () => {
    setTokenSource((session) => (session === 'customer' ? 'tok' : 'admin-tok'))
    let fetchMock = respond(200, { data: [] })
    await adminApi.GET('/api/v1/users', { params: { query: { page: 2, limit: 10 } } })
    expect(sent(fetchMock).headers.get('Authorization')).toBe('Bearer admin-tok')
    expect(new URL(sent(fetchMock).url).search).toBe('?page=2&limit=10')

    fetchMock = respond(200, { data: [] })
    await publicApi.GET('/api/v1/products/search', { params: { query: { q: 'cocoa & co' } } })
    expect(sent(fetchMock).headers.has('Authorization')).toBe(false)
    expect(new URL(sent(fetchMock).url).search).toBe('?q=cocoa%20%26%20co')
  })

  it('turns the error envelope into an ApiError', async () => {
    respond(409, { error: { status: 409, code: 'email_taken', message: 'Email taken', fields: { email: 'taken' } } })
    const error = await publicApi.POST('/api/v1/auth/login', { body: { identifier: 'a', password: 'b' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'email_taken', message: 'Email taken', fields: { email: 'taken' } })
  })

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(publicApi.GET('/api/v1/products')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Network error: check your connection',
    })
  })

  it('lets an aborted request reject with its abort, not as a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => Promise.reject(request.signal.reason)))
    const controller = new AbortController()
    controller.abort()
    const error = await publicApi.GET('/api/v1/products', { signal: controller.signal }).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
  })

  it('calls the unauthorized hook with the rejected token on a 401', async () => {
    setTokenSource(() => 'old')
    const onUnauthorized = vi.fn()
    setOnUnauthorized(onUnauthorized)
    respond(401, { error: { status: 401, code: 'unauthorized', message: 'Please log in' } })
    await expect(customerApi.GET('/api/v1/orders')).rejects.toMatchObject({ status: 401 })
    expect(onUnauthorized).toHaveBeenCalledWith('old')
  })

  it('returns undefined for 204 No Content', async () => {
    respond(204)
    await expect(adminApi.DELETE('/api/v1/orders/{id}', { params: { path: { id: '1' } } })).resolves.toBeUndefined()
  })
})

describe('the API client types', () => {
  it('checks path, parameters, body and answer against the OpenAPI document', () => {
    respond(200, {})
    expectTypeOf(adminApi.GET('/api/v1/orders/{id}', { params: { path: { id: 'o1' } } })).resolves.toEqualTypeOf<
      OrderEnvelope
    >()
    expectTypeOf(adminApi.DELETE('/api/v1/orders/{id}', { params: { path: { id: 'o1' } } })).resolves.toBeUndefined()
    expectTypeOf(
      customerApi.GET('/api/v1/orders/{id}/invoice', { params: { path: { id: 'o1' } }, ...pdfDownload }),
    ).resolves.toEqualTypeOf<Blob>()
    // @ts-expect-error: no such path
    void publicApi.GET('/api/v1/nothing')
    // @ts-expect-error: the path's id is missing
    void adminApi.GET('/api/v1/orders/{id}')
    // @ts-expect-error: GET /orders takes no `per_page`
    void adminApi.GET('/api/v1/orders', { params: { query: { page: 1, per_page: 10 } } })
    // @ts-expect-error: a login has an identifier, not an email
    void publicApi.POST('/api/v1/auth/login', { body: { email: 'a@b.in', password: 'x' } })
    // @ts-expect-error: a misspelt optional field
    void customerApi.POST('/api/v1/orders', { body: { data: { ...checkout, couponcode: 'SAVE10' } } })
  })
})
