import { useAtomValue } from 'jotai'
import { useParams } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { sessionAtom } from '@/features/auth/atoms'
import { OrderDetails } from '@/features/orders/components/order-details'
import { SignInRedirect } from '@/features/orders/components/sign-in-redirect'

/** One of the signed-in customer's orders. */
export function OrderPage() {
  const { id = '' } = useParams()
  const session = useAtomValue(sessionAtom)
  if (!session) return <SignInRedirect warning="Please login to view order details" />
  return (
    <section>
      <PageMeta title="Order details" />
      <OrderDetails key={id} id={id} />
    </section>
  )
}
