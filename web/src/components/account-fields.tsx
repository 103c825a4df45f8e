import { FormField } from '@/components/form-field'

type AccountFieldsProps = {
  /** The account being edited; without it the password is required, as for a new account. */
  account?: { username: string; email: string }
  /** The server's messages by field name. */
  errors: Record<string, string>
}

/** The username, e-mail and password fields of an account (customer or admin), to create or edit it. */
export function AccountFields({ account, errors }: AccountFieldsProps) {
  return (
    <>
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        defaultValue={account?.username}
        required
        error={errors.username}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={account?.email}
        required
        error={errors.email}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required={!account}
        hint={account ? 'Leave empty to keep the current password.' : undefined}
        error={errors.password}
      />
    </>
  )
}
