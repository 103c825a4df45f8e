import { useAtomValue } from 'jotai'
import { ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'

import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { numItemsInCartAtom } from '@/features/cart/atoms'
import { cn } from '@/lib/utils'

export function CartLink() {
  const count = useAtomValue(numItemsInCartAtom)
  return (
    <Link
      to="/cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {/* data-cart-count: a prerendered shell's count (0) is hidden while a saved cart with lines waits for the app (index.css). */}
      <Badge data-cart-count="" aria-hidden="true" className="absolute -top-1 -right-1 min-w-5 px-1.5">
        {count}
      </Badge>
    </Link>
  )
}
