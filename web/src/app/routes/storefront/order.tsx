import { PendingPage } from '@/components/pending-page'

export function OrderPage() {
  return <PendingPage title="Order details" />
}
