import { useMutation } from '@tanstack/react-query'

import { apiFetch } from '@/lib/api-client'

export type ForgotPasswordInput = { identifier: string }

/** POST /auth/forgot-password: e-mails a one-time password; the answer is the same for unknown accounts. */
export function forgotPassword(input: ForgotPasswordInput) {
  return apiFetch<{ message: string }>('/auth/forgot-password', { method: 'POST', body: input })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
