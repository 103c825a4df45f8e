import { useMutation } from '@tanstack/react-query'

import { signInToken } from '@/features/auth/api/sign-in-token'
import type { AdminSession } from '@/features/auth/atoms'
import { publicApi } from '@/lib/api-client'
import type { Login } from '@/lib/api-schemas'

/** POST /authadmin/login: an admin signs in to the back-office; the answer becomes their session. */
export async function adminLogin(input: Login): Promise<AdminSession> {
  const { admin, jwt } = await publicApi.POST('/api/v1/authadmin/login', { body: input })
  return { admin, token: signInToken(jwt) }
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin })
}
