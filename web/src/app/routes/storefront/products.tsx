import { PendingPage } from '@/components/pending-page'

export function ProductsPage() {
  return <PendingPage title="Products" />
}
