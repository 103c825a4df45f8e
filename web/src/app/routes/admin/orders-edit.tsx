import { PendingPage } from '@/components/pending-page'

export function AdminEditOrderPage() {
  return <PendingPage title="Edit order" />
}
