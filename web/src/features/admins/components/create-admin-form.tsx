import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useCreateAdmin } from '@/features/admins/api/create-admin'
import { AdminForm } from '@/features/admins/components/admin-form'
import type { AdminFormValues } from '@/features/admins/types'
import { errorMessage } from '@/lib/api-errors'

/** Creates an admin (a superadmin's job), then returns to the admins list. */
export function CreateAdminForm() {
  const navigate = useNavigate()
  const createAdmin = useCreateAdmin()

  function handleSubmit(values: AdminFormValues) {
    createAdmin.mutate(values, {
      onSuccess: () => {
        toast.success('Admin created')
        navigate('/admin/admins')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to create admin')),
    })
  }

  return (
    <AdminForm pending={createAdmin.isPending} error={createAdmin.error} submitLabel="Create admin" onSubmit={handleSubmit} />
  )
}
