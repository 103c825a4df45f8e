import { useMutation } from '@tanstack/react-query'

import { publicApi } from '@/lib/api-client'
import type { NewAdmin } from '@/lib/api-schemas'

/** POST /authadmin/register: the first admin ever; later registrations need a superadmin (403 `registration_closed`). */
export function adminRegister(input: NewAdmin) {
  return publicApi.POST('/api/v1/authadmin/register', { body: input })
}

export function useAdminRegister() {
  return useMutation({ mutationFn: adminRegister })
}
