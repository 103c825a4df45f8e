import { useAtomValue } from 'jotai'

import { adminSessionAtom } from '@/features/auth/atoms'

/** The signed-in admin's bearer token, for the back-office calls; undefined once the admin session ends. */
export function useAdminToken(): string | undefined {
  return useAtomValue(adminSessionAtom)?.token
}
