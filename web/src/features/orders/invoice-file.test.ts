import { expect, it } from 'vitest'

import { invoiceFileName } from '@/features/orders/invoice-file'

it('names an invoice after the order number', () => {
  expect(invoiceFileName('ORD1001')).toBe('invoice-ORD1001.pdf')
})
