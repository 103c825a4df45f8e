import type { DashboardDays } from '@/features/dashboard/dashboard-display'

/**
 * Query keys of the dashboard. It sums orders and stock that other features write, so it is not
 * invalidated by them: it is refetched whenever it is opened (see useDashboard) instead.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  period: (days: DashboardDays) => [...dashboardKeys.all, { days }] as const,
}
