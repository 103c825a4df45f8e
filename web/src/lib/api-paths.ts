import type { FetchResponse } from 'openapi-fetch'

import type { paths } from '@/lib/api-types'

/** The names in a path template: 'id' | 'code' of `/a/{id}/b/{code}`. */
type TemplateNames<Path> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateNames<Rest> : never

export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete'

/** The generated `paths`, as the API client calls them: every typed call is checked against these. */
export type ApiPaths = paths

/** The values of a path's template names: `{ id: string }` for `/api/v1/products/{id}`. */
export type PathParams<Path> = { [Name in TemplateNames<Path>]: string }

/** The API paths that answer `method`. */
export type PathsWith<Method extends HttpMethod> = {
  [Path in keyof ApiPaths]: ApiPaths[Path] extends Record<Method, object> ? Path : never
}[keyof ApiPaths]

type MediaType = `${string}/${string}`

/** The query parameters of GET `path`. */
export type ApiQuery<Path extends PathsWith<'get'>> = ApiPaths[Path] extends { get: { parameters: { query?: infer Query } } }
  ? NonNullable<Query>
  : never

/** The JSON a successful `method` call to `path` answers (undefined for 204). */
export type ApiAnswer<Path extends keyof ApiPaths, Method extends keyof ApiPaths[Path]> =
  FetchResponse<ApiPaths[Path][Method] & object, object, MediaType> extends infer Response
    ? Response extends { data: infer Data }
      ? Data
      : never
    : never
