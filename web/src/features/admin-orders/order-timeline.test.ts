import { describe, expect, it } from 'vitest'

import { isKnownTimelineAction, TIMELINE_ACTIONS, timelineActionLabel, timelineActorName } from '@/features/admin-orders/order-timeline'

describe('timelineActionLabel', () => {
  it('names every event in sentence case', () => {
    expect(TIMELINE_ACTIONS.map(timelineActionLabel)).toEqual([
      'Placed',
      'Edited',
      'Status changed',
      'Invoice issued',
      'Credit note issued',
      'Mail sent',
    ])
  })

  it('spells out an event it does not know yet', () => {
    expect(timelineActionLabel('refund_started')).toBe('Refund started')
    expect(isKnownTimelineAction('refund_started')).toBe(false)
    expect(isKnownTimelineAction('mail_sent')).toBe(true)
  })
})

describe('timelineActorName', () => {
  it('gives the name when there is one', () => {
    expect(timelineActorName({ kind: 'admin', _id: 'a1', name: 'Asha' })).toBe('Asha')
    expect(timelineActorName({ kind: 'customer', _id: 'u1', name: 'Ravi Kumar' })).toBe('Ravi Kumar')
  })

  it('names the kind of actor when the name is unknown', () => {
    expect(timelineActorName({ kind: 'customer', _id: null, name: null })).toBe('Customer')
    expect(timelineActorName({ kind: 'system', _id: null, name: null })).toBe('System')
    expect(timelineActorName({ kind: 'admin', _id: 'a1', name: ' ' })).toBe('Admin')
    expect(timelineActorName({ kind: 'admin' })).toBe('Admin')
    expect(timelineActorName({ kind: 'robot', name: null })).toBe('System')
  })
})
