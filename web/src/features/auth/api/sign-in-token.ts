import { ApiError } from '@/lib/api-errors'

/**
 * The token of a sign-in's answer. The schema makes `jwt` optional because an account created by
 * someone else comes without one; a sign-in always has it.
 */
export function signInToken(jwt: string | null | undefined): string {
  if (!jwt) throw new ApiError(200, 'invalid_response', 'The server sent an unreadable answer')
  return jwt
}
