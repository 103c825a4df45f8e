import type { FetchResponse } from 'openapi-fetch'

import type { paths } from '@/lib/api-types'

/** The names in a path template: 'id' | 'code' of `/a/{id}/b/{code}`. */
type TemplateNames<Path> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateNames<Rest> : never

export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete'

/** The values of a path's template names: `{ id: string }` for `/api/v1/products/{id}`. */
export type PathParams<Path> = { [Name in TemplateNames<Path>]: string }

/** The API paths that answer `method`. */
export type PathsWith<Method extends HttpMethod> = {
  [Path in keyof paths]: paths[Path] extends Record<Method, object> ? Path : never
}[keyof paths]

type MediaType = `${string}/${string}`

/** The query parameters of GET `path`. */
export type ApiQuery<Path extends PathsWith<'get'>> = paths[Path] extends { get: { parameters: { query?: infer Query } } }
  ? NonNullable<Query>
  : never

/** The query parameters of a `method` call to `path`; never for a call that takes none. */
export type OperationQuery<Path extends keyof paths, Method extends HttpMethod> = paths[Path] extends {
  [M in Method]: { parameters: { query?: infer Query } }
}
  ? NonNullable<Query>
  : never

/** The JSON a successful `method` call to `path` answers (undefined for 204). */
export type ApiAnswer<Path extends keyof paths, Method extends keyof paths[Path]> =
  FetchResponse<paths[Path][Method] & object, object, MediaType> extends infer Response
    ? Response extends { data: infer Data }
      ? Data
      : never
    : never
