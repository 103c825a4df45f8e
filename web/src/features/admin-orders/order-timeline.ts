import type { TimelineActor, TimelineEvent } from '@/lib/api-schemas'

/**
 * The events the API documents (a TimelineEvent's `action`, typed as any string); one it adds later
 * is spelt out from its name.
 */
export const TIMELINE_ACTIONS = [
  'placed',
  'edited',
  'status_changed',
  'invoice_issued',
  'credit_note_issued',
  'mail_sent',
] as const

export type TimelineAction = (typeof TIMELINE_ACTIONS)[number]

/** True for an event the web knows by name (and has an icon for). */
export function isKnownTimelineAction(action: string): action is TimelineAction {
  return (TIMELINE_ACTIONS as readonly string[]).includes(action)
}

const actionNames: Record<TimelineAction, string> = {
  placed: 'Placed',
  edited: 'Edited',
  status_changed: 'Status changed',
  invoice_issued: 'Invoice issued',
  credit_note_issued: 'Credit note issued',
  mail_sent: 'Mail sent',
}

/** An event's name, in sentence case: 'status_changed' -> "Status changed"; an unknown one spelt out. */
export function timelineActionLabel(action: TimelineEvent['action']): string {
  if (isKnownTimelineAction(action)) return actionNames[action]
  const words = action.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const kindNames: Partial<Record<string, string>> = { customer: 'Customer', admin: 'Admin', system: 'System' }

/** Who did it: their name when the API gives one, else "Customer", "Admin" or "System". */
export function timelineActorName(actor: TimelineActor): string {
  return actor.name?.trim() || kindNames[actor.kind] || 'System'
}
