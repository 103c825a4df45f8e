import { expect, it } from 'vitest'

import { creditNoteFileName, invoiceFileName } from '@/features/orders/invoice-file'

it('names an invoice after the order number', () => {
  expect(invoiceFileName('ORD1001')).toBe('invoice-ORD1001.pdf')
})

it('names a credit note after the order number', () => {
  expect(creditNoteFileName('ORD1001')).toBe('credit-note-ORD1001.pdf')
})
