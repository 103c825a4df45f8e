import type { QueryClient } from '@tanstack/react-query'
import { atom } from 'jotai'

import { adminLogoutAtom, logoutAtom } from '@/features/auth/atoms'
import { clearCartAtom } from '@/features/cart/atoms'

/** Ends the customer session: session, cart and every cached query go. */
export const customerSignOutAtom = atom(null, (_get, set, queryClient: QueryClient) => {
  set(logoutAtom)
  set(clearCartAtom)
  queryClient.clear()
})

/** Ends the admin session: the admin session and every cached query go. */
export const adminSignOutAtom = atom(null, (_get, set, queryClient: QueryClient) => {
  set(adminLogoutAtom)
  queryClient.clear()
})
