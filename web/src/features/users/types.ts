import type { UserStatus } from '@/lib/api-schemas'

/** The statuses in the order the status select offers them. */
export const USER_STATUS_OPTIONS = ['active', 'inactive'] as const satisfies readonly UserStatus[]

/** The fields of the create and edit forms, in payload order. */
export const USER_FORM_FIELDS = [
  'username',
  'email',
  'password',
  'address',
  'city',
  'state',
  'mobile',
  'company',
  'status',
] as const

/** The form's text, and the status its select chose. */
export type UserFormValues = Record<Exclude<(typeof USER_FORM_FIELDS)[number], 'status'>, string> & {
  status: UserStatus
}
