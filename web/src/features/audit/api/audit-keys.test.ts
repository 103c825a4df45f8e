import { describe, expect, it } from 'vitest'

import { AUDIT_PAGE_SIZE, auditKeys } from '@/features/audit/api/audit-keys'

describe('auditKeys', () => {
  it('names the filters, the page and its limit', () => {
    expect(auditKeys.page({ entity: 'product', from: '2026-11-01' }, 2)).toEqual([
      'audit',
      'list',
      { entity: 'product', from: '2026-11-01', page: 2, limit: AUDIT_PAGE_SIZE },
    ])
  })

  it('nests the pages under the feature key, and the actor choices under admins', () => {
    expect(auditKeys.page({}, 1).slice(0, auditKeys.all.length)).toEqual([...auditKeys.all])
    expect(auditKeys.actors[0]).toBe('admins')
  })
})
