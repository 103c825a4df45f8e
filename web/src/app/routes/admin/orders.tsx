import { PendingPage } from '@/components/pending-page'

export function AdminOrdersPage() {
  return <PendingPage title="Orders" />
}
