import { useAtomValue } from 'jotai'

import { PageMeta } from '@/components/page-meta'
import { sessionAtom } from '@/features/auth/atoms'
import { OrdersList } from '@/features/orders/components/orders-list'
import { SignInRedirect } from '@/features/orders/components/sign-in-redirect'

/** The signed-in customer's orders, paged by ?page. */
export function OrdersPage() {
  const session = useAtomValue(sessionAtom)
  if (!session) return <SignInRedirect warning="You must logged in to view orders" />
  return (
    <section>
      <PageMeta title="Your Orders" />
      <OrdersList />
    </section>
  )
}
