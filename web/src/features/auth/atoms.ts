import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

export type CustomerUser = {
  _id: string
  username: string
  email: string
  address: string
  city: string
  state: string
  company: string
  mobile: string
  status: 'active' | 'inactive'
}

export type CustomerSession = { user: CustomerUser; token: string }

export const ADMIN_ROLES = ['staff', 'admin', 'superadmin'] as const

export type AdminRole = (typeof ADMIN_ROLES)[number]

export type AdminUser = { _id: string; username: string; email: string; role: AdminRole }

export type AdminSession = { admin: AdminUser; token: string }

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
  return role !== undefined && (ADMIN_ROLES as readonly string[]).includes(role)
})

export const setAdminSessionAtom = atom(null, (_get, set, session: AdminSession) =>
  set(storedAdminSessionAtom, session),
)

export const adminLogoutAtom = atom(null, (_get, set) => set(storedAdminSessionAtom, null))
