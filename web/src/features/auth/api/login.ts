import { useMutation } from '@tanstack/react-query'

import { signInToken } from '@/features/auth/api/sign-in-token'
import type { CustomerSession } from '@/features/auth/atoms'
import { publicApi } from '@/lib/api-client'
import type { Login } from '@/lib/api-schemas'

/** POST /auth/login: a customer signs in with e-mail or mobile; the answer becomes their session. */
export async function login(input: Login): Promise<CustomerSession> {
  const { user, jwt } = await publicApi.POST('/api/v1/auth/login', { body: input })
  return { user, token: signInToken(jwt) }
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
