import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

import type { Admin, AdminRole, User } from '@/lib/api-schemas'

export type CustomerSession = { user: User; token: string }

export type AdminSession = { admin: Admin; token: string }

/** The roles that open the back office; a stored session with any other is not an admin's. */
const ADMIN_ROLES: readonly string[] = ['staff', 'admin', 'superadmin'] satisfies AdminRole[]

const storage = { getOnInit: true }

const storedSessionAtom = atomWithStorage<CustomerSession | null>('whisk.session.v1', null, undefined, storage)

const storedAdminSessionAtom = atomWithStorage<AdminSession | null>(
  'whisk.admin-session.v1',
  null,
  undefined,
  storage,
)

export const sessionAtom = atom((get) => get(storedSessionAtom))

export const isSignedInAtom = atom((get) => get(storedSessionAtom) !== null)

export const setSessionAtom = atom(null, (_get, set, session: CustomerSession) => set(storedSessionAtom, session))

export const logoutAtom = atom(null, (_get, set) => set(storedSessionAtom, null))

export const adminSessionAtom = atom((get) => get(storedAdminSessionAtom))

/** True only for a stored admin whose role is one of the admin roles. */
export const isAdminAtom = atom((get) => {
  const role = get(storedAdminSessionAtom)?.admin.role
  return role !== undefined && ADMIN_ROLES.includes(role)
})

export const setAdminSessionAtom = atom(null, (_get, set, session: AdminSession) =>
  set(storedAdminSessionAtom, session),
)

export const adminLogoutAtom = atom(null, (_get, set) => set(storedAdminSessionAtom, null))
