import { afterEach, describe, expect, it, vi } from 'vitest'

import { getInvoice } from '@/features/admin-orders/api/download-invoice'
import { ApiError, setOnUnauthorized } from '@/lib/api-client'

afterEach(() => {
  vi.unstubAllGlobals()
  setOnUnauthorized(() => {})
})

describe('getInvoice', () => {
  it('asks for the PDF with the bearer token and resolves with its bytes', async () => {
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }))
    vi.stubGlobal('fetch', fetchMock)

    const blob = await getInvoice('o 1', 'tok')

    expect(await blob.text()).toBe('%PDF-1.7')
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/orders/o%201/invoice')
    const headers = new Headers(init.headers)
    expect(headers.get('Authorization')).toBe('Bearer tok')
    expect(headers.get('Accept')).toContain('application/pdf')
  })

  it('rejects with the ApiError of the error envelope, and reports a 401 to the logout hook', async () => {
    const body = JSON.stringify({ error: { status: 401, code: 'unauthorized', message: 'Please sign in again' } })
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 401 })))
    const onUnauthorized = vi.fn()
    setOnUnauthorized(onUnauthorized)

    const error = await getInvoice('o1', 'tok').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Please sign in again' })
    expect(onUnauthorized).toHaveBeenCalledWith('tok')
  })

  it('falls back to a generic error for a body that is not an envelope, and to a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>oops</html>', { status: 500 })))
    await expect(getInvoice('o1', 'tok')).rejects.toMatchObject({ status: 500, code: 'unknown' })

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(getInvoice('o1', 'tok')).rejects.toMatchObject({ status: 0, code: 'network' })
  })
})
