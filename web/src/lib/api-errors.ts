import { ApiError } from '@/lib/api-client'

/** The server's message for a failed call, or `fallback` when the failure carries none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}

/** Which form field a conflict code is about, for codes that come without `fields`. */
const conflictFields: Record<string, string> = { email_taken: 'email', mobile_taken: 'mobile' }

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
