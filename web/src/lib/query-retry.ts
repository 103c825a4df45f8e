import { ApiError } from '@/lib/api-errors'

/**
 * The query client's retry rule: one more try after a network or server failure, none after a
 * 4xx answer, which a second identical request would only repeat (401, 403, 404, 429 ...).
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const isClientError = error instanceof ApiError && error.status >= 400 && error.status < 500
  return !isClientError && failureCount < 1
}
