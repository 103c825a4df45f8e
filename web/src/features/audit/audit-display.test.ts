import { describe, expect, expectTypeOf, it } from 'vitest'

import {
  actionLabel,
  changeLines,
  entityLabel,
  ENTITY_OPTIONS,
  formatChangeValue,
  humanizeField,
  MAX_VALUE_LENGTH,
  readAuditValue,
  recordName,
  recordPath,
} from '@/features/audit/audit-display'
import { AUDIT_ENTITIES } from '@/features/audit/types'
import type { AuditEntity } from '@/lib/api-schemas'

describe('humanizeField', () => {
  it('spells a camelCase name out in sentence case', () => {
    expect(humanizeField('sellingPrice')).toBe('Selling price')
    expect(humanizeField('title')).toBe('Title')
    expect(humanizeField('cartItems')).toBe('Cart items')
    expect(humanizeField('numItemsInCart')).toBe('Num items in cart')
  })

  it('keeps the capitals of names such as GST, GSTIN, PIN and ID', () => {
    expect(humanizeField('buyerGstin')).toBe('Buyer GSTIN')
    expect(humanizeField('gstRate')).toBe('GST rate')
    expect(humanizeField('pinCode')).toBe('PIN code')
    expect(humanizeField('orderId')).toBe('Order ID')
    expect(humanizeField('_id')).toBe('ID')
    expect(humanizeField('hsnCode')).toBe('HSN code')
  })

  it('splits digits and snake case', () => {
    expect(humanizeField('image1')).toBe('Image 1')
    expect(humanizeField('per_customer_limit')).toBe('Per customer limit')
    expect(humanizeField('createdAt')).toBe('Created at')
  })

  it('gives back a name it cannot split', () => {
    expect(humanizeField('')).toBe('')
    expect(humanizeField('_')).toBe('_')
  })
})

describe('formatChangeValue', () => {
  it('shows null and undefined as a dash, an empty text as (empty)', () => {
    expect(formatChangeValue(null)).toEqual({ kind: 'none', text: '—' })
    expect(formatChangeValue(undefined)).toEqual({ kind: 'none', text: '—' })
    expect(formatChangeValue('')).toEqual({ kind: 'none', text: '(empty)' })
  })

  it('shows text and numbers as they are, booleans as Yes and No', () => {
    expect(formatChangeValue('120.00')).toEqual({ kind: 'text', text: '120.00' })
    expect(formatChangeValue(0)).toEqual({ kind: 'text', text: '0' })
    expect(formatChangeValue(12.5)).toEqual({ kind: 'text', text: '12.5' })
    expect(formatChangeValue(true)).toEqual({ kind: 'text', text: 'Yes' })
    expect(formatChangeValue(false)).toEqual({ kind: 'text', text: 'No' })
  })

  it('shows a moment (an invoice date) in India time, and a day as it is', () => {
    expect(formatChangeValue('2026-11-25T06:51:45.375796446Z')).toEqual({ kind: 'text', text: '25 Nov 2026, 12:21 pm IST' })
    expect(formatChangeValue('2026-11-25T06:00:00+05:30')).toEqual({ kind: 'text', text: '25 Nov 2026, 6:00 am IST' })
    expect(formatChangeValue('2026-11-25')).toEqual({ kind: 'text', text: '2026-11-25' })
  })

  it('cuts long text with an ellipsis', () => {
    const shown = formatChangeValue('a'.repeat(500))
    expect(shown.kind).toBe('text')
    expect(Array.from(shown.text)).toHaveLength(MAX_VALUE_LENGTH)
    expect(shown.text.endsWith('…')).toBe(true)
    expect(formatChangeValue('a'.repeat(MAX_VALUE_LENGTH)).text).toBe('a'.repeat(MAX_VALUE_LENGTH))
  })

  it('shows a short list of plain values as JSON, any other list as its length', () => {
    expect(formatChangeValue(['flour', 'sugar'])).toEqual({ kind: 'code', text: '["flour","sugar"]' })
    expect(formatChangeValue([])).toEqual({ kind: 'text', text: 'No items' })
    expect(formatChangeValue([{ productId: 'p1', amount: 2 }])).toEqual({ kind: 'text', text: '1 item' })
    const cart = [1, 2, 3].map((amount) => ({ productId: `p${amount}`, amount }))
    expect(formatChangeValue(cart)).toEqual({ kind: 'text', text: '3 items' })
    expect(formatChangeValue(Array.from({ length: 30 }, (_, index) => `tag-${index}`))).toEqual({
      kind: 'text',
      text: '30 items',
    })
  })

  it('leaves empty slots out of a list (a product’s image slots)', () => {
    expect(formatChangeValue([null, null, null, null, null])).toEqual({ kind: 'text', text: 'No items' })
    const image = { url: '/uploads/a.png', thumbnail: '/uploads/a.webp' }
    expect(formatChangeValue([image, null, image, null, null])).toEqual({ kind: 'text', text: '2 items' })
    expect(formatChangeValue(['a.png', null])).toEqual({ kind: 'code', text: '["a.png"]' })
  })

  it('shows an object as a short JSON preview', () => {
    expect(formatChangeValue({ state: 'Kerala', code: '32' })).toEqual({ kind: 'code', text: '{"state":"Kerala","code":"32"}' })
    const big = formatChangeValue({ text: 'x'.repeat(400) })
    expect(big.kind).toBe('code')
    expect(Array.from(big.text)).toHaveLength(MAX_VALUE_LENGTH)
    expect(big.text.endsWith('…')).toBe(true)
  })
})

describe('readAuditValue', () => {
  it('keeps JSON values as they are', () => {
    expect(readAuditValue(null)).toBeNull()
    expect(readAuditValue('120.00')).toBe('120.00')
    expect(readAuditValue(0)).toBe(0)
    expect(readAuditValue(false)).toBe(false)
    expect(readAuditValue([1, null, 'a'])).toEqual([1, null, 'a'])
    expect(readAuditValue({ state: 'Kerala', tags: ['a'], at: { day: 1 } })).toEqual({
      state: 'Kerala',
      tags: ['a'],
      at: { day: 1 },
    })
  })

  it('leaves out what JSON has no value for, as JSON.stringify does', () => {
    expect(readAuditValue(undefined)).toBeUndefined()
    expect(readAuditValue(() => 1)).toBeUndefined()
    expect(readAuditValue([undefined, 1])).toEqual([null, 1])
    expect(readAuditValue({ a: undefined, b: 2 })).toEqual({ b: 2 })
  })
})

describe('changeLines', () => {
  it('gives each field its label and both sides, in the API’s order', () => {
    expect(changeLines({ sellingPrice: ['120.00', '110.00'], title: [null, 'Bread Flour'] })).toEqual([
      {
        field: 'sellingPrice',
        label: 'Selling price',
        kind: 'change',
        before: { kind: 'text', text: '120.00' },
        after: { kind: 'text', text: '110.00' },
      },
      {
        field: 'title',
        label: 'Title',
        kind: 'change',
        before: { kind: 'none', text: '—' },
        after: { kind: 'text', text: 'Bread Flour' },
      },
    ])
  })

  it('says only that a password changed, never its values', () => {
    const lines = changeLines({ password: ['hidden', 'hidden'], email: ['a@x.in', 'b@x.in'] })
    expect(lines[0]).toEqual({ field: 'password', label: 'Password', kind: 'note', text: 'Password changed' })
    expect(JSON.stringify(lines[0])).not.toContain('hidden')
    expect(lines[1]).toMatchObject({ kind: 'change', before: { text: 'a@x.in' }, after: { text: 'b@x.in' } })
  })

  it('shows a deleted record’s fields with a dash after', () => {
    expect(changeLines({ code: ['DIWALI10', null] })[0]).toMatchObject({ after: { kind: 'none', text: '—' } })
  })
})

describe('recordPath', () => {
  it('links each kind of record to its edit screen', () => {
    const paths = AUDIT_ENTITIES.map((entity) => recordPath({ entity, entityId: 'abc', action: 'update' }))
    expect(paths).toEqual([
      '/admin/products/edit/abc',
      '/admin/category/edit/abc',
      '/admin/users/edit/abc',
      '/admin/admins/edit/abc',
      '/admin/orders/edit/abc',
      '/admin/coupons/edit/abc',
    ])
  })

  it('encodes the id (a coupon’s code may hold any character)', () => {
    expect(recordPath({ entity: 'coupon', entityId: 'SAVE 10/%', action: 'create' })).toBe(
      '/admin/coupons/edit/SAVE%2010%2F%25',
    )
  })

  it('has no link for a deleted record or an entry without one', () => {
    expect(recordPath({ entity: 'product', entityId: 'abc', action: 'delete' })).toBeNull()
    expect(recordPath({ entity: 'product', entityId: '', action: 'import' })).toBeNull()
    expect(recordPath({ entity: 'product', entityId: 'abc', action: 'import' })).toBe('/admin/products/edit/abc')
  })
})

describe('AUDIT_ENTITIES', () => {
  it('lists every kind of record the API names, so a new kind fails type checking until it is added', () => {
    expectTypeOf<(typeof AUDIT_ENTITIES)[number]>().toEqualTypeOf<AuditEntity>()
    expect(new Set(AUDIT_ENTITIES).size).toBe(AUDIT_ENTITIES.length)
  })
})

describe('labels', () => {
  it('names every entity, singular, and offers each once in the filter', () => {
    expect(AUDIT_ENTITIES.map(entityLabel)).toEqual(['Product', 'Category', 'User', 'Admin', 'Order', 'Coupon'])
    expect(ENTITY_OPTIONS.map((option) => option.value)).toEqual([...AUDIT_ENTITIES])
    expect(ENTITY_OPTIONS.map((option) => option.label)).toEqual([
      'Products',
      'Categories',
      'Users',
      'Admins',
      'Orders',
      'Coupons',
    ])
  })

  it('names every action in the past tense', () => {
    expect((['create', 'update', 'delete', 'import'] as const).map(actionLabel)).toEqual([
      'Created',
      'Updated',
      'Deleted',
      'Imported',
    ])
  })
})

describe('recordName', () => {
  it('names the record by its label when written, else by its id', () => {
    expect(recordName({ entityId: 'p1', entityLabel: 'Bread Flour 1 kg' })).toBe('Bread Flour 1 kg')
    expect(recordName({ entityId: 'p1', entityLabel: ' ' })).toBe('p1')
    expect(recordName({ entityId: 'p1', entityLabel: '' })).toBe('p1')
    expect(recordName({ entityId: '', entityLabel: '' })).toBe('—')
  })
})
