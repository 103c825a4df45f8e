import createClient, { type MaybeOptionalInit, type Middleware } from 'openapi-fetch'

import { apiErrorFrom, networkError } from '@/lib/api-errors'
import type { ApiAnswer, HttpMethod, PathsWith } from '@/lib/api-paths'
import type { paths } from '@/lib/api-types'
import { notifyUnauthorized, sessionToken, type ApiSession } from '@/lib/api-session'

/** The bearer token a request carries, if any. */
function bearerToken(headers: Headers): string | undefined {
  return headers.get('Authorization')?.replace(/^Bearer /, '') || undefined
}

/** Sends the session's current token with every call. */
function attachToken(session: ApiSession): Middleware {
  return {
    onRequest({ request }) {
      const token = sessionToken(session)
      if (token) request.headers.set('Authorization', `Bearer ${token}`)
    },
  }
}

/** A 401 goes to the logout hook with the token it refused; a request that got no answer becomes the network ApiError. */
const reportFailures: Middleware = {
  onResponse({ request, response }) {
    if (response.status === 401) notifyUnauthorized(bearerToken(request.headers))
  },
  onError({ request }) {
    if (!request.signal.aborted) return networkError()
  },
}

/** How a call reads a successful answer: as JSON, or as a Blob (a PDF). */
type ParseAs = 'json' | 'blob'

type Options<Path extends keyof paths, Method extends HttpMethod> = MaybeOptionalInit<paths[Path], Method>

/**
 * The options of a call. They are not inferred from the argument, so that a misspelt or renamed
 * parameter or body field is an error rather than an extra property.
 */
type CallArgs<Path extends keyof paths, Method extends HttpMethod, As extends ParseAs> =
  undefined extends Options<Path, Method>
    ? [options?: Omit<NonNullable<Options<Path, Method>>, 'parseAs'> & { parseAs?: As }]
    : [options: Omit<Options<Path, Method>, 'parseAs'> & { parseAs?: As }]

/**
 * A call by method: path, path and query parameters, body and answer are all checked against the
 * OpenAPI document. Resolves with the answer; a failure rejects with an ApiError.
 */
type Call<Method extends HttpMethod> = <Path extends PathsWith<Method>, As extends ParseAs = 'json'>(
  path: Path,
  ...options: CallArgs<Path, Method, As>
) => Promise<As extends 'blob' ? Blob : ApiAnswer<Path, Method>>

export type ApiClient = {
  GET: Call<'get'>
  PUT: Call<'put'>
  POST: Call<'post'>
  PATCH: Call<'patch'>
  DELETE: Call<'delete'>
}

/** A client of the API that calls as `session` (its token attached), or as nobody. */
function createApiClient(session?: ApiSession): ApiClient {
  const client = createClient<paths>({
    // The page's origin, as a relative URL would be; Request objects need an absolute one. There
    // is no page while the build prerenders the storefront's shells, which call nothing.
    baseUrl: globalThis.location?.origin,
    headers: { Accept: 'application/json' },
    // Looked up at each call rather than captured, so that tests can stand in for it.
    fetch: (request) => fetch(request),
  })
  client.use(reportFailures)
  if (session) client.use(attachToken(session))

  const call =
    (method: HttpMethod) =>
    async (path: string, init?: object): Promise<unknown> => {
      const { data, error, response } = await client.request(method, path as never, init as never)
      if (!response.ok) throw apiErrorFrom(response.status, error)
      return data
    }
  return { GET: call('get'), PUT: call('put'), POST: call('post'), PATCH: call('patch'), DELETE: call('delete') } as ApiClient
}

/** Calls that need no session: the catalog, sign-in, the shop's details. */
export const publicApi = createApiClient()

/** Calls as the signed-in customer: their orders, checkout, coupon look-ups. */
export const customerApi = createApiClient('customer')

/** Calls as the signed-in admin: everything in the back office. */
export const adminApi = createApiClient('admin')

/** The Accept header and parsing of a PDF download; a refusal still arrives as the JSON envelope. */
export const pdfDownload = { parseAs: 'blob', headers: { Accept: 'application/pdf, application/json' } } as const
