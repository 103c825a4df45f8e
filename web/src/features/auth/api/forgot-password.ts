import { useMutation } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'
import type { ForgotPassword } from '@/lib/api-schemas'

/** POST /auth/forgot-password: e-mails a one-time password; the answer is the same for unknown accounts. */
export function forgotPassword(input: ForgotPassword) {
  return publicApi.POST('/api/v1/auth/forgot-password', { body: input })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
