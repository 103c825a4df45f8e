import { useQuery } from '@tanstack/react-query'

import { userKeys } from '@/features/users/api/user-keys'
import { searchCustomers } from '@/lib/admin-search'

/** Search results for a non-blank q; idle for a blank one. */
export function useSearchUsers(q: string) {
  return useQuery({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    enabled: q !== '',
  })
}
