import { PageMeta } from '@/components/page-meta'
import { AuditLog } from '@/features/audit/components/audit-log'

export function AdminAuditPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Audit log · Admin" />
      <div className="space-y-1">
        <h1 className="text-3xl">Audit log</h1>
        <p className="text-muted-foreground">Every change made in the back office, newest first, in India time.</p>
      </div>
      <AuditLog />
    </section>
  )
}
