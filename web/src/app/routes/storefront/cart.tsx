import { PendingPage } from '@/components/pending-page'

export function CartPage() {
  return <PendingPage title="Shopping Cart" />
}
