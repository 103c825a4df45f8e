/**
 * Whose bearer token a call carries: the storefront's customer or the back-office admin. Both
 * may be signed in at once in one browser, each with their own token.
 */
export type ApiSession = 'customer' | 'admin'

type TokenSource = (session: ApiSession) => string | undefined

let tokenSource: TokenSource = () => undefined

/** Tells the API client where the sessions' tokens are; it reads them at each call. */
export function setTokenSource(source: TokenSource) {
  tokenSource = source
}

/** The token a call as `session` carries now, if that session is signed in. */
export function sessionToken(session: ApiSession): string | undefined {
  return tokenSource(session)
}

type UnauthorizedHandler = (token: string | undefined) => void

let onUnauthorized: UnauthorizedHandler = () => {}

/** Called on every 401 with the token the request carried, so the owner of that token can be logged out. */
export function setOnUnauthorized(handler: UnauthorizedHandler) {
  onUnauthorized = handler
}

/** Reports a 401 answer to a request that carried `token` to the hook. */
export function notifyUnauthorized(token: string | undefined) {
  onUnauthorized(token)
}
