import { describe, expect, it } from 'vitest'

import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys'

describe('dashboardKeys', () => {
  it('names the period, under the feature key', () => {
    expect(dashboardKeys.period(7)).toEqual(['dashboard', { days: 7 }])
    expect(dashboardKeys.period(90).slice(0, dashboardKeys.all.length)).toEqual([...dashboardKeys.all])
  })
})
