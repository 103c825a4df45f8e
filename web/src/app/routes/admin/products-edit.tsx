import { PendingPage } from '@/components/pending-page'

export function AdminEditProductPage() {
  return <PendingPage title="Edit product" />
}
