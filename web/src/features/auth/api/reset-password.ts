import { useMutation } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'
import type { ResetPassword } from '@/lib/api-schemas'

/** POST /auth/reset-password: sets a new password with the e-mailed one-time password. */
export function resetPassword(input: ResetPassword) {
  return publicApi.POST('/api/v1/auth/reset-password', { body: input })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
