import { PendingPage } from '@/components/pending-page'

export function OrdersPage() {
  return <PendingPage title="Your Orders" />
}
