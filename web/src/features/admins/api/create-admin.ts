import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import { adminApi } from '@/lib/api-client'
import type { NewAdmin } from '@/lib/api-schemas'

/** POST /authadmin/register with a superadmin's token; no jwt comes back for an admin created this way. */
export function createAdmin(input: NewAdmin) {
  return adminApi.POST('/api/v1/authadmin/register', { body: input })
}

export function useCreateAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.lists() }),
  })
}
