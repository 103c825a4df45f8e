import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useUpdateAdmin } from '@/features/admins/api/update-admin'
import { AdminForm } from '@/features/admins/components/admin-form'
import type { AdminFormValues } from '@/features/admins/types'
import { errorMessage } from '@/lib/api-errors'
import type { Admin } from '@/lib/api-schemas'
import { withoutBlankPassword } from '@/lib/forms'

/** Edits an admin; a blank password keeps the current one. Then returns to the admins list. */
export function EditAdminForm({ admin }: { admin: Admin }) {
  const navigate = useNavigate()
  const updateAdmin = useUpdateAdmin(admin._id)

  function handleSubmit(values: AdminFormValues) {
    updateAdmin.mutate(withoutBlankPassword(values), {
      onSuccess: () => {
        toast.success('Admin updated')
        navigate('/admin/admins')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to update admin')),
    })
  }

  return (
    <AdminForm
      admin={admin}
      pending={updateAdmin.isPending}
      error={updateAdmin.error}
      submitLabel="Save changes"
      onSubmit={handleSubmit}
    />
  )
}
