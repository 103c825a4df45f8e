import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch'

import { ApiError, apiErrorFrom, networkError } from '@/lib/api-errors'
import type { ApiAnswer, HttpMethod, OperationQuery, PathParams, PathsWith } from '@/lib/api-paths'
import { notifyUnauthorized, sessionToken, type ApiSession } from '@/lib/api-session'

/** How much of an upload has been sent, as a whole percentage 0 to 100 (100 only once all of it is). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(loaded)) return 0
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The ApiError for a non-2xx answer: the error envelope's code, message and fields when it has them. */
export function uploadError(status: number, responseText: string): ApiError {
  const body = parseJson(responseText)
  const hasEnvelope = typeof body === 'object' && body !== null && Boolean((body as { error?: unknown }).error)
  if (!hasEnvelope && status === 413) {
    return new ApiError(413, 'payload_too_large', 'The upload is too large: choose fewer or smaller images')
  }
  return apiErrorFrom(status, body)
}

/** A multipart write and who to tell how far its upload has got. */
export type FormUpload = {
  /** The multipart body; the browser sets its Content-Type with the boundary. */
  body: FormData
  /** Called as the body goes out, with `uploadPercent` of it. */
  onProgress?: (percent: number) => void
}

type UploadMethod = 'POST' | 'PATCH'

/**
 * The path and query parameters of a call, as the API client's `params` has them: `path` when the
 * path has names to fill, `query` when the call takes any.
 */
export type UploadParams<Path extends PathsWith<Method>, Method extends HttpMethod> = ([keyof PathParams<Path>] extends [never]
  ? { path?: never }
  : { path: PathParams<Path> }) &
  ([OperationQuery<Path, Method>] extends [never] ? { query?: never } : { query?: OperationQuery<Path, Method> })

/** The API client's own query serializer, so that an upload's query string reads like any call's. */
const querySerializer = createQuerySerializer()

/**
 * A multipart write as `session`, over XMLHttpRequest because fetch reports no upload progress.
 * Same paths, parameters, bearer token, ApiError and 401 hook as the API client; resolves with the
 * parsed JSON body (undefined for an empty one).
 */
export function uploadForm<Method extends UploadMethod, Path extends PathsWith<Lowercase<Method>>>(
  session: ApiSession,
  method: Method,
  path: Path,
  params: UploadParams<Path, Lowercase<Method>>,
  { body, onProgress }: FormUpload,
): Promise<ApiAnswer<Path, Lowercase<Method>>> {
  const url = createFinalURL(path, { baseUrl: '', params, querySerializer, pathSerializer: defaultPathSerializer })
  return new Promise((resolve, reject) => {
    const token = sessionToken(session)
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.setRequestHeader('Accept', 'application/json')
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total))
      }
      // All of it sent (also when no progress event said how much): the server is at work now.
      xhr.upload.onload = () => onProgress(100)
    }
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) notifyUnauthorized(token)
        reject(uploadError(xhr.status, xhr.responseText))
        return
      }
      onProgress?.(100)
      try {
        resolve(xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText))
      } catch {
        reject(new ApiError(xhr.status, 'invalid_response', 'The server sent an unreadable answer'))
      }
    }
    xhr.onerror = () => reject(networkError())
    xhr.send(body)
  })
}
