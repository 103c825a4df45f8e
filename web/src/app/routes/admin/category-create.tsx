import { PendingPage } from '@/components/pending-page'

export function AdminCreateCategoryPage() {
  return <PendingPage title="Create category" />
}
