/** A customer account's text fields, in payload order: what sign-up sends, and the back office's customer form. */
export const CUSTOMER_FIELDS = [
  'username',
  'email',
  'password',
  'address',
  'city',
  'state',
  'mobile',
  'company',
] as const
