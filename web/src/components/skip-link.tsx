import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

/** First focusable element of a layout: jumps keyboard users past the header to <main id="main">. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className={cn(buttonVariants(), 'fixed top-2 left-2 z-[70] -translate-y-20 focus:translate-y-0')}
    >
      Skip to content
    </a>
  )
}
