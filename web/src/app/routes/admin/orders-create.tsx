import { PendingPage } from '@/components/pending-page'

export function AdminCreateOrderPage() {
  return <PendingPage title="Create order" />
}
