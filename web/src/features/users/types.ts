import type { UserStatus } from '@/lib/api-schemas'
import { CUSTOMER_FIELDS } from '@/lib/customer-fields'

/** The statuses in the order the status select offers them. */
export const USER_STATUS_OPTIONS = ['active', 'inactive'] as const satisfies readonly UserStatus[]

/** The fields of the create and edit forms, in payload order. */
export const USER_FORM_FIELDS = [...CUSTOMER_FIELDS, 'status'] as const

/** The form's text, and the status its select chose. */
export type UserFormValues = Record<(typeof CUSTOMER_FIELDS)[number], string> & { status: UserStatus }
