import { describe, expect, it } from 'vitest'

import { adminSections, adminSectionTitle } from '@/app/layouts/admin/admin-sections'

describe('adminSectionTitle', () => {
  it('names the section as the navigation does, in capitals, on its list and its other screens', () => {
    expect(adminSectionTitle('/admin/orders')).toBe('ORDERS')
    expect(adminSectionTitle('/admin/orders/edit/o1')).toBe('ORDERS')
    expect(adminSectionTitle('/admin/category/create')).toBe('CATEGORY')
    expect(adminSectionTitle('/admin/audit')).toBe('AUDIT LOG')
    for (const { to, label } of adminSections) expect(adminSectionTitle(to)).toBe(label.toUpperCase())
  })

  it('is DASHBOARD at /admin', () => {
    expect(adminSectionTitle('/admin')).toBe('DASHBOARD')
    expect(adminSectionTitle('/admin/')).toBe('DASHBOARD')
  })
})
