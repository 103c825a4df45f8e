import { useParams } from 'react-router'

import { NotFoundPage } from '@/app/routes/error'
import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { useUser } from '@/features/users/api/get-user'
import { EditUserForm } from '@/features/users/components/edit-user-form'
import { errorMessage, isNotFound } from '@/lib/api-errors'

/** A missing customer is a 404 page, like an unknown route. */
export function AdminEditUserPage() {
  const { id = '' } = useParams()
  const user = useUser(id)

  if (isNotFound(user.error)) return <NotFoundPage />
  return (
    <section className="space-y-6">
      <PageMeta title="Edit user · Admin" />
      <h1 className="text-3xl">Edit user</h1>
      {user.data ? (
        <EditUserForm key={user.data.user._id} user={user.data.user} />
      ) : user.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(user.error, 'Failed to fetch user')}
        </p>
      ) : (
        <FormSkeleton fields={9} label="Loading user" />
      )}
    </section>
  )
}
