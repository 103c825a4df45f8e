import { PendingPage } from '@/components/pending-page'

export function AdminEditCategoryPage() {
  return <PendingPage title="Edit category" />
}
