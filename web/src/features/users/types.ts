export const USER_STATUS_OPTIONS = ['active', 'inactive'] as const

export type UserStatus = (typeof USER_STATUS_OPTIONS)[number]

/** A customer as GET /users and GET /users/{id} return it. */
export type User = {
  _id: string
  username: string
  email: string
  mobile: string
  address: string
  city: string
  state: string
  company: string
  status: UserStatus
  createdAt: string
  updatedAt: string
}

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

export type UserFormValues = Record<(typeof USER_FORM_FIELDS)[number], string>
