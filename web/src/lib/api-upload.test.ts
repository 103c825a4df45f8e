import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'

import { ApiError } from '@/lib/api-errors'
import type { ImportReport } from '@/lib/api-schemas'
import { setOnUnauthorized, setTokenSource } from '@/lib/api-session'
import { uploadError, uploadForm, uploadPercent } from '@/lib/api-upload'

describe('uploadPercent', () => {
  it('is the whole percentage sent, rounded down so 100 means all of it', () => {
    expect(uploadPercent(0, 200)).toBe(0)
    expect(uploadPercent(50, 200)).toBe(25)
    expect(uploadPercent(199, 200)).toBe(99)
    expect(uploadPercent(200, 200)).toBe(100)
    expect(uploadPercent(1, 3)).toBe(33)
  })

  it('stays within 0 to 100 and is 0 when the total is unknown', () => {
    expect(uploadPercent(300, 200)).toBe(100)
    expect(uploadPercent(-5, 200)).toBe(0)
    expect(uploadPercent(10, 0)).toBe(0)
    expect(uploadPercent(10, Number.NaN)).toBe(0)
    expect(uploadPercent(Number.NaN, 100)).toBe(0)
  })
})

describe('uploadError', () => {
  it('reads the error envelope, field messages included', () => {
    const body = JSON.stringify({
      error: {
        status: 400,
        code: 'validation_failed',
        message: 'image2: is not a JPEG, PNG or WebP image',
        fields: { image2: 'is not a JPEG, PNG or WebP image' },
      },
    })
    const error = uploadError(400, body)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'image2: is not a JPEG, PNG or WebP image',
      fields: { image2: 'is not a JPEG, PNG or WebP image' },
    })
  })

  it('keeps the server message of a 413 that has an envelope', () => {
    const body = JSON.stringify({ error: { status: 413, code: 'payload_too_large', message: 'Too big' } })
    expect(uploadError(413, body)).toMatchObject({ status: 413, code: 'payload_too_large', message: 'Too big' })
  })

  it('explains a bare 413 and falls back like the API client for other bodies that are not envelopes', () => {
    expect(uploadError(413, 'length limit exceeded')).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(uploadError(502, '<html>Bad gateway</html>')).toMatchObject({
      status: 502,
      code: 'unknown',
      message: 'Something went wrong',
      fields: undefined,
    })
    expect(uploadError(500, 'null')).toMatchObject({ status: 500, code: 'unknown' })
  })
})

type Listener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null

/** Just enough of XMLHttpRequest for uploadForm; each test drives it by hand. */
class FakeXhr {
  static last: FakeXhr
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  status = 0
  responseText = ''
  upload: { onprogress: Listener; onload: (() => void) | null } = { onprogress: null, onload: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null

  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  respond(status: number, responseText: string) {
    this.status = status
    this.responseText = responseText
    this.onload?.()
  }
}

/** Uploads as an admin whose token is `token`. */
function signedIn(token: string | undefined) {
  setTokenSource((session) => (session === 'admin' ? token : undefined))
}

afterEach(() => {
  vi.unstubAllGlobals()
  setTokenSource(() => undefined)
  setOnUnauthorized(() => {})
})

describe('uploadForm', () => {
  it('sends the form with the bearer token, reports progress and resolves with the JSON body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const body = new FormData()
    body.append('title', 'Cocoa powder')
    const progress: number[] = []
    const onProgress = (percent: number) => progress.push(percent)
    signedIn('tok')
    const done = uploadForm('admin', 'PATCH', '/api/v1/products/{id}', { path: { id: 'p1' } }, { body, onProgress })

    const xhr = FakeXhr.last
    expect(xhr.method).toBe('PATCH')
    expect(xhr.url).toBe('/api/v1/products/p1')
    expect(xhr.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' })
    expect(xhr.body).toBe(body)

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 160 })
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 80, total: 0 })
    expect(progress).toEqual([25])
    xhr.upload.onload?.()
    expect(progress).toEqual([25, 100])
    xhr.respond(200, '{"product":{"_id":"p1"}}')

    await expect(done).resolves.toEqual({ product: { _id: 'p1' } })
    expect(progress).toEqual([25, 100, 100])
  })

  it('sends no Authorization header without a token', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signedIn(undefined)
    void uploadForm('admin', 'POST', '/api/v1/products', {}, { body: new FormData() })
    expect(FakeXhr.last.headers).toEqual({ Accept: 'application/json' })
  })

  it('rejects a non-2xx answer with the ApiError of its envelope', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signedIn('tok')
    const done = uploadForm('admin', 'POST', '/api/v1/products', {}, { body: new FormData() })
    FakeXhr.last.respond(
      400,
      JSON.stringify({
        error: { status: 400, code: 'validation_failed', message: 'bad', fields: { stock: 'must be 0 or more' } },
      }),
    )
    const error = await done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fields: { stock: 'must be 0 or more' } })
  })

  it('reports a 401 to the logout hook with the token it sent, like the API client', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const onUnauthorized = vi.fn()
    setOnUnauthorized(onUnauthorized)
    signedIn('old')
    const done = uploadForm('admin', 'POST', '/api/v1/products', {}, { body: new FormData() })
    FakeXhr.last.respond(401, JSON.stringify({ error: { status: 401, code: 'unauthorized', message: 'Please log in' } }))
    await expect(done).rejects.toMatchObject({ status: 401, code: 'unauthorized' })
    expect(onUnauthorized).toHaveBeenCalledWith('old')
  })

  it('reports a network failure as status 0, like the API client', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signedIn('tok')
    const done = uploadForm('admin', 'POST', '/api/v1/products', {}, { body: new FormData() })
    FakeXhr.last.onerror?.()
    await expect(done).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Network error: check your connection',
    })
  })

  it('resolves undefined for an empty 2xx body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signedIn('tok')
    const done = uploadForm('admin', 'PATCH', '/api/v1/products/{id}', { path: { id: 'p1' } }, { body: new FormData() })
    FakeXhr.last.respond(204, '')
    await expect(done).resolves.toBeUndefined()
  })
})

describe('uploadForm with a query', () => {
  it('adds the query string as the API client writes it, and keeps a refusal’s details', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signedIn('tok')
    const done = uploadForm('admin', 'POST', '/api/v1/products/import', { query: { dryRun: false } }, { body: new FormData() })
    expect(FakeXhr.last.method).toBe('POST')
    expect(FakeXhr.last.url).toBe('/api/v1/products/import?dryRun=false')
    expect(FakeXhr.last.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' })
    const details = { created: 1, updated: 0, errors: [{ row: 2, field: 'price', message: 'Enter a price' }] }
    FakeXhr.last.respond(
      422,
      JSON.stringify({ error: { status: 422, code: 'import_invalid', message: '1 row has errors', details } }),
    )
    await expect(done).rejects.toMatchObject({ status: 422, code: 'import_invalid', details })
  })

  it('sends no query string when the call has none', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signedIn('tok')
    void uploadForm('admin', 'POST', '/api/v1/products/import', {}, { body: new FormData() })
    expect(FakeXhr.last.url).toBe('/api/v1/products/import')
  })

  it('checks the parameters against the OpenAPI document', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    expectTypeOf(
      uploadForm('admin', 'POST', '/api/v1/products/import', {}, { body: new FormData() }),
    ).resolves.toEqualTypeOf<ImportReport>()
    // @ts-expect-error: the path has an {id} to fill
    void uploadForm('admin', 'PATCH', '/api/v1/products/{id}', {}, { body: new FormData() })
    // @ts-expect-error: the import takes no such query parameter
    void uploadForm('admin', 'POST', '/api/v1/products/import', { query: { dry: true } }, { body: new FormData() })
  })
})
