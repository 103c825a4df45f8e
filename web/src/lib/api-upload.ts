import { defaultPathSerializer } from 'openapi-fetch'

import { ApiError, apiErrorFrom, networkError } from '@/lib/api-errors'
import type { ApiAnswer, PathParams, PathsWith } from '@/lib/api-paths'
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
 * A multipart write as `session`, over XMLHttpRequest because fetch reports no upload progress.
 * Same paths, bearer token, ApiError and 401 hook as the API client; resolves with the parsed
 * JSON body (undefined for an empty one).
 */
export function uploadForm<Method extends UploadMethod, Path extends PathsWith<Lowercase<Method>>>(
  session: ApiSession,
  method: Method,
  path: Path,
  pathParams: PathParams<Path>,
  { body, onProgress }: FormUpload,
): Promise<ApiAnswer<Path, Lowercase<Method>>> {
  return new Promise((resolve, reject) => {
    const token = sessionToken(session)
    const xhr = new XMLHttpRequest()
    xhr.open(method, defaultPathSerializer(path, pathParams))
    xhr.setRequestHeader('Accept', 'application/json')
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total))
      }
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
