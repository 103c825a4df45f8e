import { ArrowRightLeft, CircleDot, FileMinus, FileText, Mail, Pencil, ShoppingBag, type LucideIcon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useOrderTimeline } from '@/features/admin-orders/api/get-order-timeline'
import { SectionCard } from '@/features/admin-orders/components/section-card'
import {
  isKnownTimelineAction,
  timelineActionLabel,
  timelineActorName,
  type TimelineAction,
} from '@/features/admin-orders/order-timeline'
import { errorMessage } from '@/lib/api-errors'
import type { TimelineEvent } from '@/lib/api-schemas'
import { formatIndiaTime } from '@/lib/format-order-date'

const icons: Record<TimelineAction, LucideIcon> = {
  placed: ShoppingBag,
  edited: Pencil,
  status_changed: ArrowRightLeft,
  invoice_issued: FileText,
  credit_note_issued: FileMinus,
  mail_sent: Mail,
}

/**
 * The order's history, oldest first: each event's icon and name, the API's sentence about it,
 * who did it and when (India time). Saving the order refreshes it.
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const timeline = useOrderTimeline(orderId)
  return (
    <SectionCard title="Timeline" description="What has happened to this order, oldest first.">
      {timeline.data ? (
        timeline.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been recorded for this order yet.</p>
        ) : (
          <ol aria-label="Order timeline" aria-busy={timeline.isFetching || undefined}>
            {timeline.data.map((entry, index) => (
              <TimelineItem
                key={`${entry.at}-${index}`}
                entry={entry}
                last={index === timeline.data.length - 1}
              />
            ))}
          </ol>
        )
      ) : timeline.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(timeline.error, 'Failed to load the timeline')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void timeline.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <TimelineSkeleton />
      )}
    </SectionCard>
  )
}

function TimelineItem({ entry, last }: { entry: TimelineEvent; last: boolean }) {
  const Icon = isKnownTimelineAction(entry.action) ? icons[entry.action] : CircleDot
  return (
    <li className="relative flex gap-3 pb-6 last:pb-0">
      {/* The line down to the next event. */}
      {!last && <span aria-hidden="true" className="absolute top-9 bottom-1 left-4 w-px -translate-x-1/2 bg-border" />}
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full border bg-muted text-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm font-medium">{timelineActionLabel(entry.action)}</p>
        <p className="text-sm wrap-anywhere">{entry.summary}</p>
        {/* The separator stays with the time, so a line that wraps breaks before the "·", not after it. */}
        <p className="mt-0.5 text-xs text-muted-foreground">
          {timelineActorName(entry.actor)}{' '}
          <span className="whitespace-nowrap">
            · <time dateTime={entry.at}>{formatIndiaTime(entry.at)}</time>
          </span>
        </p>
      </div>
    </li>
  )
}

function TimelineSkeleton() {
  return (
    <div role="status" aria-label="Loading the timeline" className="space-y-4">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  )
}
