import { PendingPage } from '@/components/pending-page'

export function AdminCreateProductPage() {
  return <PendingPage title="Create product" />
}
