import { Loader2 } from 'lucide-react'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

type SpinnerProps = ComponentProps<'span'> & { label?: string }

function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span data-slot="spinner" role="status" className={cn('inline-flex items-center', className)} {...props}>
      <Loader2 aria-hidden="true" className="size-[1em] animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export { Spinner }
