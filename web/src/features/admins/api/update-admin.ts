import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/features/admins/api/admin-keys'
import { adminApi } from '@/lib/api-client'
import type { AdminChanges } from '@/lib/api-schemas'

/** PUT /admins/{id}: without `password` the admin keeps the current one. */
export function updateAdmin(id: string, changes: AdminChanges) {
  return adminApi.PUT('/api/v1/admins/{id}', { params: { path: { id } }, body: changes })
}

export function useUpdateAdmin(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: AdminChanges) => updateAdmin(id, changes),
    onSuccess: (response) => {
      queryClient.setQueryData(adminKeys.detail(id), response)
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() })
    },
  })
}
