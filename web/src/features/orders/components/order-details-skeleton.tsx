import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** Stands in for an order's details while they load. */
export function OrderDetailsSkeleton() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Loading order details
      </p>
      <Card>
        <CardContent className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="space-y-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-5 w-40 max-w-full" />
            </div>
          ))}
        </CardContent>
      </Card>
      <div className="space-y-3 rounded-lg border bg-card p-3">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex items-center gap-3">
            <Skeleton className="size-12 shrink-0" />
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="h-5 w-20" />
          </div>
        ))}
      </div>
      <Skeleton className="h-28 w-full sm:ml-auto sm:max-w-sm" />
    </div>
  )
}
