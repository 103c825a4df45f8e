import { PageMeta } from '@/components/page-meta'
import { DashboardView } from '@/features/dashboard/components/dashboard-view'

// The sidebar (and the drawer on phones) lists every section, so the dashboard is figures only.
export function AdminDashboardPage() {
  return (
    <section>
      <PageMeta title="Dashboard · Admin" />
      <DashboardView />
    </section>
  )
}
