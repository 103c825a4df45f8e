// The API's failures: the ApiError every call rejects with, made from the error envelope, and
// how screens read it.
import type { ErrorCode } from '@/lib/api-schemas'

type FieldErrors = Record<string, string>

/**
 * What went wrong: the envelope's code, or one the client gives a failure that has none (no
 * answer, an answer without an envelope, an answer it cannot read).
 */
export type ApiErrorCode = ErrorCode | 'network' | 'unknown' | 'invalid_response'

/** The API's error envelope, `{"error": {"status", "code", "message", "fields"?, "details"?}}`, as a thrown value. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  readonly fields?: FieldErrors
  /** Machine-readable specifics, e.g. `[{productId, price}]` of a `price_changed` conflict. */
  readonly details?: unknown

  constructor(status: number, code: ApiErrorCode, message: string, fields?: FieldErrors, details?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.details = details
  }
}

type ErrorEnvelope = { error?: { code?: ErrorCode; message?: string; fields?: FieldErrors | null; details?: unknown } }

/** The ApiError of a failed answer: its envelope's code, message, fields and details, or a generic one. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = typeof body === 'object' && body !== null ? (body as ErrorEnvelope).error : undefined
  return new ApiError(
    status,
    error?.code ?? 'unknown',
    error?.message ?? 'Something went wrong',
    error?.fields ?? undefined,
    error?.details,
  )
}

/** The ApiError of a request that got no answer at all. */
export function networkError(): ApiError {
  return new ApiError(0, 'network', 'Network error: check your connection')
}

/** The server's message for a failed call, or `fallback` when the failure carries none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}

/** Which form field a conflict code is about, for codes that come without `fields`. */
const conflictFields: Partial<Record<ApiErrorCode, string>> = { email_taken: 'email', mobile_taken: 'mobile' }

/** Messages to show under form fields, keyed by field name: the error's `fields`, or the field a conflict names. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  if (error.fields) return error.fields
  const field = conflictFields[error.code]
  return field ? { [field]: error.message } : {}
}

/** True when a call failed because the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}
