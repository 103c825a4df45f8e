const API_BASE = '/api/v1'

type FieldErrors = Record<string, string>

/** The API's error envelope, `{"error": {"status", "code", "message", "fields"?, "details"?}}`, as a thrown value. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields?: FieldErrors
  /** Machine-readable specifics, e.g. `[{productId, price}]` of a `price_changed` conflict. */
  readonly details?: unknown

  constructor(status: number, code: string, message: string, fields?: FieldErrors, details?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.details = details
  }
}

type UnauthorizedHandler = (token: string | undefined) => void

let onUnauthorized: UnauthorizedHandler = () => {}

/** Called on every 401 with the token the request carried, so the owner of that token can be logged out. */
export function setOnUnauthorized(handler: UnauthorizedHandler) {
  onUnauthorized = handler
}

/** Reports a 401 from a request made outside apiFetch (the upload XHR) to the same hook. */
export function notifyUnauthorized(token: string | undefined) {
  onUnauthorized(token)
}

type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown
  token?: string
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** Sends a request and returns the successful Response; a failure becomes an ApiError, and a 401 reports to the logout hook. */
async function apiRequest(
  path: string,
  accept: string,
  { method = 'GET', body, token, headers: extra, signal }: ApiFetchOptions,
): Promise<Response> {
  const headers = new Headers({ ...extra, Accept: accept })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const isForm = body instanceof FormData
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json')

  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, 'network', 'Network error: check your connection')
  }

  if (!response.ok) {
    if (response.status === 401) onUnauthorized(token)
    throw await toApiError(response)
  }
  return response
}

/** Calls the API and reads its JSON answer (undefined for 204). */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}) {
  const response = await apiRequest(path, 'application/json', options)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** Calls the API for a file (an invoice PDF); errors still arrive as the JSON envelope. */
export async function apiFetchBlob(path: string, accept: string, options: ApiFetchOptions = {}): Promise<Blob> {
  const response = await apiRequest(path, `${accept}, application/json`, options)
  return response.blob()
}

async function toApiError(response: Response): Promise<ApiError> {
  const envelope = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: FieldErrors; details?: unknown }
  } | null
  const error = envelope?.error
  return new ApiError(
    response.status,
    error?.code ?? 'unknown',
    error?.message ?? 'Something went wrong',
    error?.fields,
    error?.details,
  )
}
