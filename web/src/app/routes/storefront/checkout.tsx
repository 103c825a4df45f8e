import { PendingPage } from '@/components/pending-page'

export function CheckoutPage() {
  return <PendingPage title="Checkout" />
}
