import { PendingPage } from '@/components/pending-page'

export function AdminCategoriesPage() {
  return <PendingPage title="Category" />
}
