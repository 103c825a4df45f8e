import { Link } from 'react-router'

import { adminSections } from '@/app/layouts/admin/admin-sections'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'

export function AdminDashboardPage() {
  return (
    <section className="space-y-4">
      <PageMeta title="Dashboard · Admin" />
      <h1 className="text-3xl">Dashboard</h1>
      <p className="text-muted-foreground">
        Manage the shop from the sections below, also listed in the menu: users, admins, orders, coupons,
        products and categories.
      </p>
      <ul className="flex flex-wrap gap-2">
        {adminSections.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Button asChild variant="outline">
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
