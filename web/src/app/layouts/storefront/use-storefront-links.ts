import { useAtomValue } from 'jotai'

import { isSignedInAtom } from '@/features/auth/atoms'

const publicLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/products', label: 'Products' },
  { to: '/cart', label: 'Cart' },
]

const customerLinks = [
  { to: '/checkout', label: 'Checkout' },
  { to: '/orders', label: 'Orders' },
]

/** The main navigation; Checkout and Orders only for a signed-in customer. */
export function useStorefrontLinks() {
  const isSignedIn = useAtomValue(isSignedInAtom)
  return isSignedIn ? [...publicLinks, ...customerLinks] : publicLinks
}
