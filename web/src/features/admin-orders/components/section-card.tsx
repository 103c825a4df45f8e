import { useId, type ReactNode } from 'react'

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

type SectionCardProps = { title: string; description?: string; className?: string; children: ReactNode }

/** A card that is a named section of a form: an h2 title, an optional description, then its content. */
export function SectionCard({ title, description, className, children }: SectionCardProps) {
  const id = useId()
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <h2 id={id} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={cn('grid gap-4', className)}>{children}</CardContent>
    </Card>
  )
}
