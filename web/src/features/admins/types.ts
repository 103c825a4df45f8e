/** The back-office roles, in the order the role select offers them. */
export const ADMIN_ROLE_OPTIONS = ['staff', 'superadmin', 'admin'] as const

export type AdminRole = (typeof ADMIN_ROLE_OPTIONS)[number]

/** An admin as GET /admins and GET /admins/{id} return it. */
export type Admin = {
  _id: string
  username: string
  email: string
  role: AdminRole
  createdAt: string
  updatedAt: string
}
