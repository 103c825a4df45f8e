import { PendingPage } from '@/components/pending-page'

export function AdminProductsPage() {
  return <PendingPage title="Products" />
}
