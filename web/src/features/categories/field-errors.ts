import { ApiError, fieldErrors } from '@/lib/api-errors'

/**
 * Messages to show under the category form's fields: the shared `fieldErrors`, plus a 409
 * `name_taken` (which comes without `fields`) under Name.
 */
export function categoryFieldErrors(error: unknown): Record<string, string> {
  const errors = fieldErrors(error)
  if (error instanceof ApiError && error.code === 'name_taken' && !errors.name) {
    return { ...errors, name: error.message }
  }
  return errors
}
