import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useUpdateUser } from '@/features/users/api/update-user'
import { UserForm } from '@/features/users/components/user-form'
import type { UserFormValues } from '@/features/users/types'
import { errorMessage } from '@/lib/api-errors'
import type { User } from '@/lib/api-schemas'
import { withoutBlankPassword } from '@/lib/forms'

/** Edits a customer; a blank password keeps the current one. Then returns to the users list. */
export function EditUserForm({ user }: { user: User }) {
  const navigate = useNavigate()
  const updateUser = useUpdateUser(user._id)

  function handleSubmit(values: UserFormValues) {
    updateUser.mutate(withoutBlankPassword(values), {
      onSuccess: () => {
        toast.success('User updated')
        navigate('/admin/users')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to update user')),
    })
  }

  return (
    <UserForm
      user={user}
      pending={updateUser.isPending}
      error={updateUser.error}
      submitLabel="Save changes"
      onSubmit={handleSubmit}
    />
  )
}
