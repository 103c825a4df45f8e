import { useParams } from 'react-router'

import { NotFoundPage } from '@/app/routes/error'
import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { useAdmin } from '@/features/admins/api/get-admin'
import { EditAdminForm } from '@/features/admins/components/edit-admin-form'
import { errorMessage, isNotFound } from '@/lib/api-errors'

/** A missing admin is a 404 page, like an unknown route. */
export function AdminEditAdminPage() {
  const { id = '' } = useParams()
  const admin = useAdmin(id)

  if (isNotFound(admin.error)) return <NotFoundPage />
  return (
    <section className="space-y-6">
      <PageMeta title="Edit admin · Admin" />
      <h1 className="text-3xl">Edit admin</h1>
      {admin.data ? (
        <EditAdminForm key={admin.data.admin._id} admin={admin.data.admin} />
      ) : admin.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(admin.error, 'Failed to fetch admin')}
        </p>
      ) : (
        <FormSkeleton fields={4} label="Loading admin" />
      )}
    </section>
  )
}
