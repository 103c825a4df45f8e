import type { AdminRole } from '@/lib/api-schemas'

/** The back-office roles, in the order the role select offers them. */
export const ADMIN_ROLE_OPTIONS = ['staff', 'superadmin', 'admin'] as const satisfies readonly AdminRole[]

/** The admin form as filled in; a blank password on an edit keeps the current one. */
export type AdminFormValues = { username: string; email: string; password: string; role: AdminRole }
