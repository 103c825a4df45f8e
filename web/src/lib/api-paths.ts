import type { FetchResponse } from 'openapi-fetch'

import type { paths } from '@/lib/api-types'

/** The names in a path template: 'id' | 'code' of `/a/{id}/b/{code}`. */
type TemplateNames<Path> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateNames<Rest> : never

type OperationParams<Operation> = Operation extends { parameters: infer Declared } ? Declared : never

type NoParams = Record<never, never>

/** The path parameters an operation declares. */
type DeclaredPath<Operation> =
  OperationParams<Operation> extends { path?: infer Declared }
    ? [NonNullable<Declared>] extends [never]
      ? NoParams
      : NonNullable<Declared>
    : NoParams

/**
 * An operation whose OpenAPI document lists query parameters (page, limit, q, search ...) as path
 * parameters, as the server's list and search endpoints do today, with those parameters moved to
 * `query` and made optional; the names in the path template stay path parameters. Every other
 * operation is left as it is, so this becomes a no-op once the document says `in: query`.
 */
type WithQueryParams<Path, Operation> = [Exclude<keyof DeclaredPath<Operation>, TemplateNames<Path>>] extends [never]
  ? Operation
  : Omit<Operation, 'parameters'> & {
      parameters: Omit<OperationParams<Operation>, 'path' | 'query'> & {
        query?: Partial<Omit<DeclaredPath<Operation>, TemplateNames<Path>>>
      } & ([TemplateNames<Path>] extends [never]
          ? { path?: never }
          : { path: Pick<DeclaredPath<Operation>, TemplateNames<Path> & keyof DeclaredPath<Operation>> })
    }

export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete'

/** The generated `paths`, as the API client calls them: every typed call is checked against these. */
export type ApiPaths = {
  [Path in keyof paths]: {
    [Key in keyof paths[Path]]: Key extends HttpMethod ? WithQueryParams<Path, paths[Path][Key]> : paths[Path][Key]
  }
}

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
