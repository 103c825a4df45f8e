import type { ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

type AuthCardProps = {
  title: string
  description?: ReactNode
  /** Links under the form, such as the way to the other of login and register. */
  footer?: ReactNode
  className?: string
  children: ReactNode
}

/** The frame of the sign-in and sign-up screens: the page heading over a card holding the form. */
export function AuthCard({ title, description, footer, className, children }: AuthCardProps) {
  return (
    <div className={cn('mx-auto w-full max-w-md space-y-6', className)}>
      <h1 className="text-center text-3xl">
        {title}
      </h1>
      <Card>
        {description && (
          <CardHeader>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
        )}
        <CardContent className="space-y-4">{children}</CardContent>
        {footer && <CardFooter className="flex-col gap-2 text-sm">{footer}</CardFooter>}
      </Card>
    </div>
  )
}
