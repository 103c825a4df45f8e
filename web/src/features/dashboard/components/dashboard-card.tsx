import type { ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'

type DashboardCardProps = {
  title: string
  description?: ReactNode
  /** A control beside the title (a toggle). */
  action?: ReactNode
  children: ReactNode
}

/** A titled panel of the dashboard: a section named by its heading. */
export function DashboardCard({ title, description, action, children }: DashboardCardProps) {
  const headingId = `dashboard-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <Card aria-labelledby={headingId} role="region" className="min-w-0 gap-4 py-5">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 px-5">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg">
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent className="px-5">{children}</CardContent>
    </Card>
  )
}
