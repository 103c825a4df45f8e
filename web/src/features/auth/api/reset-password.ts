import { useMutation } from '@tanstack/react-query'

import { apiFetch } from '@/lib/api-client'

export type ResetPasswordInput = { identifier: string; otp: string; newPassword: string }

/** POST /auth/reset-password: sets a new password with the e-mailed one-time password. */
export function resetPassword(input: ResetPasswordInput) {
  return apiFetch<{ message: string }>('/auth/reset-password', { method: 'POST', body: input })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
