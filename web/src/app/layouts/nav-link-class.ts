import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

/** NavLink className: a ghost button, highlighted while its route is active (NavLink also sets aria-current). */
export function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(buttonVariants({ variant: 'ghost' }), isActive && 'bg-accent font-semibold text-accent-foreground')
}
