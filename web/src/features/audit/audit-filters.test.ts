import { describe, expect, it } from 'vitest'

import { hasAuditFilters, readAuditFilters, withAuditFilter } from '@/features/audit/audit-filters'

const params = (search: string) => new URLSearchParams(search)

describe('readAuditFilters', () => {
  it('reads every filter the URL gives', () => {
    expect(readAuditFilters(params('?entity=product&actor=a1&from=2026-11-01&to=2026-11-25&page=2'))).toEqual({
      entity: 'product',
      actor: 'a1',
      from: '2026-11-01',
      to: '2026-11-25',
    })
  })

  it('leaves out what is missing, blank or not a filter value', () => {
    expect(readAuditFilters(params(''))).toEqual({})
    expect(readAuditFilters(params('?entity=shop&actor=%20&from=yesterday&to=2026-02-30'))).toEqual({})
    expect(readAuditFilters(params('?entity=Product&from=2026-1-5'))).toEqual({})
  })
})

describe('withAuditFilter', () => {
  it('sets a filter, keeps the others and goes back to the first page', () => {
    const next = withAuditFilter(params('?entity=order&page=3'), 'actor', 'a1')
    expect(next.toString()).toBe('entity=order&actor=a1')
  })

  it('removes a filter set to all', () => {
    expect(withAuditFilter(params('?entity=order&from=2026-11-01&page=2'), 'entity', '').toString()).toBe('from=2026-11-01')
  })

  it('does not change the params it was given', () => {
    const before = params('?page=2')
    withAuditFilter(before, 'to', '2026-11-30')
    expect(before.toString()).toBe('page=2')
  })
})

describe('hasAuditFilters', () => {
  it('is true only when a filter narrows the log', () => {
    expect(hasAuditFilters({})).toBe(false)
    expect(hasAuditFilters({ to: '2026-11-30' })).toBe(true)
  })
})
