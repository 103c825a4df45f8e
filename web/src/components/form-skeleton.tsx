import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** Stands in for an edit form while the record it edits loads. */
export function FormSkeleton({ fields, label }: { fields: number; label: string }) {
  return (
    <Card className="max-w-xl">
      <CardContent className="grid gap-4">
        <p role="status" className="sr-only">
          {label}
        </p>
        {Array.from({ length: fields }, (_, index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-32 justify-self-end" />
      </CardContent>
    </Card>
  )
}
