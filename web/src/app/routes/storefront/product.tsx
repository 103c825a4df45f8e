import { PendingPage } from '@/components/pending-page'

export function ProductPage() {
  return <PendingPage title="Product details" />
}
