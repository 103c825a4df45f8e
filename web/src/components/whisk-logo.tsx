import { Link } from 'react-router'

import { focusRing } from '@/components/ui/focus-ring'
import { cn } from '@/lib/utils'

export function WhiskMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path
        d="M20 14c0 14 8 22 12 36M44 14c0 14-8 22-12 36M32 12v38"
        className="stroke-primary-foreground"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** The whisk mark and wordmark, linking to `to`. */
export function WhiskLogo({ to, className }: { to: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight',
        focusRing,
        className,
      )}
    >
      <WhiskMark />
      Whisk
    </Link>
  )
}
