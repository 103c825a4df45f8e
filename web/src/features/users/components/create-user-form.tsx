import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useCreateUser } from '@/features/users/api/create-user'
import { UserForm } from '@/features/users/components/user-form'
import type { UserFormValues } from '@/features/users/types'
import { errorMessage } from '@/lib/api-errors'

/** Creates a customer account for someone, then returns to the users list. */
export function CreateUserForm() {
  const navigate = useNavigate()
  const createUser = useCreateUser()

  function handleSubmit(values: UserFormValues) {
    createUser.mutate(values, {
      onSuccess: () => {
        toast.success('User created')
        navigate('/admin/users')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to create user')),
    })
  }

  return (
    <UserForm pending={createUser.isPending} error={createUser.error} submitLabel="Create user" onSubmit={handleSubmit} />
  )
}
