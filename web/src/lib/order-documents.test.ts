import { afterEach, describe, expect, it, vi } from 'vitest'

import { adminApi } from '@/lib/api-client'
import { ApiError } from '@/lib/api-errors'
import { setOnUnauthorized, setTokenSource } from '@/lib/api-session'
import { getOrderDocument } from '@/lib/order-documents'

afterEach(() => {
  vi.unstubAllGlobals()
  setOnUnauthorized(() => {})
  setTokenSource(() => undefined)
})

/** The invoice of order `id`, as the signed-in admin whose token is 'tok'. */
function getInvoice(id: string) {
  setTokenSource((session) => (session === 'admin' ? 'tok' : undefined))
  return getOrderDocument(adminApi, id, 'invoice')
}

describe('getOrderDocument', () => {
  it('asks for the PDF with the bearer token and resolves with its bytes', async () => {
    const fetchMock = vi.fn(
      async (_request: Request) =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    )
    vi.stubGlobal('fetch', fetchMock)

    const blob = await getInvoice('o 1')

    expect(await blob.text()).toBe('%PDF-1.7')
    const request = fetchMock.mock.calls[0]?.[0]
    expect(new URL(request?.url ?? '').pathname).toBe('/api/v1/orders/o%201/invoice')
    expect(request?.headers.get('Authorization')).toBe('Bearer tok')
    expect(request?.headers.get('Accept')).toContain('application/pdf')
  })

  it('asks for the credit note at its own path', async () => {
    const fetchMock = vi.fn(async (_request: Request) => new Response('%PDF-1.7', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await getOrderDocument(adminApi, 'o1', 'credit-note')
    expect(new URL(fetchMock.mock.calls[0]?.[0].url ?? '').pathname).toBe('/api/v1/orders/o1/credit-note')
  })

  it('rejects with the ApiError of the error envelope, and reports a 401 to the logout hook', async () => {
    const body = JSON.stringify({ error: { status: 401, code: 'unauthorized', message: 'Please sign in again' } })
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 401 })))
    const onUnauthorized = vi.fn()
    setOnUnauthorized(onUnauthorized)

    const error = await getInvoice('o1').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Please sign in again' })
    expect(onUnauthorized).toHaveBeenCalledWith('tok')
  })

  it('falls back to a generic error for a body that is not an envelope, and to a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>oops</html>', { status: 500 })))
    await expect(getInvoice('o1')).rejects.toMatchObject({ status: 500, code: 'unknown' })

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(getInvoice('o1')).rejects.toMatchObject({ status: 0, code: 'network' })
  })
})
