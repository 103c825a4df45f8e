import { ApiError, notifyUnauthorized } from '@/lib/api-client'

const API_BASE = '/api/v1'

type FieldErrors = Record<string, string>

/** How much of an upload has been sent, as a whole percentage 0 to 100 (100 only once all of it is). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(loaded)) return 0
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)))
}

type ErrorEnvelope = { error?: { code?: string; message?: string; fields?: FieldErrors } }

function parseEnvelope(responseText: string): ErrorEnvelope | null {
  try {
    return JSON.parse(responseText) as ErrorEnvelope | null
  } catch {
    return null
  }
}

/** The ApiError for a non-2xx answer: the error envelope's code, message and fields when it has them. */
export function uploadError(status: number, responseText: string): ApiError {
  const error = parseEnvelope(responseText)?.error
  if (!error && status === 413) {
    return new ApiError(413, 'payload_too_large', 'The upload is too large: choose fewer or smaller images')
  }
  return new ApiError(status, error?.code ?? 'unknown', error?.message ?? 'Something went wrong', error?.fields)
}

type UploadOptions = {
  method: 'POST' | 'PATCH'
  /** The multipart body; the browser sets its Content-Type with the boundary. */
  body: FormData
  token: string | undefined
  /** Called as the body goes out, with `uploadPercent` of it. */
  onProgress?: (percent: number) => void
}

/**
 * apiFetch for multipart product writes, over XMLHttpRequest because fetch reports no upload
 * progress. Same base path, bearer token and ApiError as apiFetch; resolves with the parsed JSON
 * body (undefined for an empty one).
 * A 401 goes to the same hook as apiFetch's, so an expired session signs the admin out.
 */
export function uploadProduct<T>(path: string, { method, body, token, onProgress }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, `${API_BASE}${path}`)
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
        resolve((xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText)) as T)
      } catch {
        reject(new ApiError(xhr.status, 'invalid_response', 'The server sent an unreadable answer'))
      }
    }
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error: check your connection'))
    xhr.send(body)
  })
}
