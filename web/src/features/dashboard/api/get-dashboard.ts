import { keepPreviousData, useQuery } from '@tanstack/react-query'

import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys'
import type { DashboardDays } from '@/features/dashboard/dashboard-display'
import { adminApi } from '@/lib/api-client'

/** GET /dashboard?days=: the last `days` days (India time) against the days before; admins only. */
export function getDashboard(days: DashboardDays, signal?: AbortSignal) {
  return adminApi.GET('/api/v1/dashboard', { params: { query: { days } }, signal })
}

/**
 * The dashboard of a period. Every order or stock change anywhere moves it, so it is always
 * refetched when opened (the cached answer shows meanwhile), and the previous period stays on
 * screen while another one loads.
 */
export function useDashboard(days: DashboardDays) {
  return useQuery({
    queryKey: dashboardKeys.period(days),
    queryFn: ({ signal }) => getDashboard(days, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  })
}
