import { describe, expect, it } from 'vitest'

import {
  canApply,
  csvFileProblem,
  errorsHeading,
  fileSizeLabel,
  importButtonLabel,
  importedMessage,
  importFailureMessage,
  importSummary,
  importTemplate,
  isFileError,
  readImportReport,
  rejectedImport,
  sortedErrors,
} from '@/features/admin-products/product-import'
import { ApiError, apiErrorFrom, networkError } from '@/lib/api-errors'
import type { ImportReport } from '@/lib/api-schemas'

const report = (created: number, updated: number, errors: ImportReport['errors'] = []): ImportReport => ({
  created,
  updated,
  errors,
})

const badPrice = { row: 5, field: 'sellingPrice', message: 'Selling price must not be above the price' }

describe('readImportReport', () => {
  it('reads the counts and the errors', () => {
    expect(readImportReport({ created: 12, updated: 3, errors: [badPrice] })).toEqual(report(12, 3, [badPrice]))
    expect(readImportReport({ created: 0, updated: 0, errors: [] })).toEqual(report(0, 0))
  })

  it('refuses anything else', () => {
    expect(readImportReport(null)).toBeNull()
    expect(readImportReport('12 created')).toBeNull()
    expect(readImportReport({ created: 1, updated: 0 })).toBeNull()
    expect(readImportReport({ created: -1, updated: 0, errors: [] })).toBeNull()
    expect(readImportReport({ created: '1', updated: 0, errors: [] })).toBeNull()
    expect(readImportReport({ created: 1, updated: 0, errors: [{ row: 2, field: 'price' }] })).toBeNull()
  })
})

describe('rejectedImport', () => {
  it('is the report in the details of a 422 import_invalid', () => {
    const error = apiErrorFrom(422, {
      error: {
        status: 422,
        code: 'import_invalid',
        message: '1 row has errors; nothing was imported',
        details: { created: 2, updated: 0, errors: [badPrice] },
      },
    })
    expect(rejectedImport(error)).toEqual(report(2, 0, [badPrice]))
  })

  it('is null for every other failure', () => {
    const details = { created: 2, updated: 0, errors: [badPrice] }
    expect(rejectedImport(new ApiError(422, 'validation_failed', 'Bad', undefined, details))).toBeNull()
    expect(rejectedImport(new ApiError(400, 'import_invalid', 'Bad', undefined, details))).toBeNull()
    expect(rejectedImport(new ApiError(422, 'import_invalid', 'Bad', undefined, 'garbled'))).toBeNull()
    expect(rejectedImport(networkError())).toBeNull()
    expect(rejectedImport(new Error('boom'))).toBeNull()
  })
})

describe('importSummary', () => {
  it('names new products and updates, singular and plural', () => {
    expect(importSummary(report(12, 3))).toBe('12 new products and 3 updates')
    expect(importSummary(report(1, 1))).toBe('1 new product and 1 update')
    expect(importSummary(report(3, 0))).toBe('3 new products')
    expect(importSummary(report(0, 2))).toBe('2 updates')
  })

  it('says so when no row can be imported', () => {
    expect(importSummary(report(0, 0))).toBe('No products to import')
    expect(importSummary(report(0, 0, [badPrice]))).toBe('No valid rows yet')
    const missing = { row: 1, field: 'file', message: 'lacks the column(s) stock' }
    expect(importSummary(report(0, 0, [missing]))).toBe('No rows could be checked')
  })
})

describe('importButtonLabel', () => {
  it('counts every product written', () => {
    expect(importButtonLabel(report(12, 3))).toBe('Import 15 products')
    expect(importButtonLabel(report(0, 1))).toBe('Import 1 product')
  })
})

describe('importedMessage', () => {
  it('says what was written', () => {
    expect(importedMessage(report(12, 3))).toBe('Imported 12 new products and updated 3')
    expect(importedMessage(report(1, 0))).toBe('Imported 1 new product')
    expect(importedMessage(report(0, 1))).toBe('Updated 1 product')
    expect(importedMessage(report(0, 4))).toBe('Updated 4 products')
  })
})

describe('isFileError', () => {
  it('is a "file" error on the header row, not one on a later row nor a cell’s', () => {
    expect(isFileError({ row: 1, field: 'file', message: 'lacks the column(s) stock' })).toBe(true)
    expect(isFileError({ row: 6, field: 'file', message: 'has 9 cells; the header has 11' })).toBe(false)
    expect(isFileError(badPrice)).toBe(false)
  })
})

describe('canApply', () => {
  it('needs no errors and at least one product', () => {
    expect(canApply(report(1, 0))).toBe(true)
    expect(canApply(report(0, 2))).toBe(true)
    expect(canApply(report(0, 0))).toBe(false)
    expect(canApply(report(4, 0, [badPrice]))).toBe(false)
  })
})

describe('sortedErrors', () => {
  it('puts the file’s own errors first, then rows in order, keeping the server’s order within a row', () => {
    const errors = [
      { row: 7, field: 'stock', message: 'a' },
      { row: 3, field: 'price', message: 'b' },
      { row: 1, field: 'file', message: 'c' },
      { row: 3, field: 'category', message: 'd' },
      { row: 2, field: 'file', message: 'e' },
    ]
    expect(sortedErrors(errors).map((error) => error.message)).toEqual(['c', 'e', 'b', 'd', 'a'])
    expect(errors[0]?.message).toBe('a')
  })
})

describe('errorsHeading', () => {
  it('counts the rows with errors', () => {
    expect(errorsHeading([badPrice])).toBe('1 row has an error')
    expect(errorsHeading([badPrice, { ...badPrice, field: 'stock' }])).toBe('1 row has errors')
    expect(errorsHeading([badPrice, { ...badPrice, row: 9 }, { ...badPrice, row: 9, field: 'stock' }])).toBe(
      '2 rows have errors',
    )
  })

  it('names the file when it has errors of its own', () => {
    const missing = { row: 1, field: 'file', message: 'The stock column is missing' }
    expect(errorsHeading([missing])).toBe('The file has an error')
    expect(errorsHeading([missing, { ...missing, message: 'The price column is missing' }])).toBe(
      'The file has errors',
    )
    expect(errorsHeading([missing, badPrice])).toBe('The file and 1 row have errors')
  })

  it('counts a whole row’s error (field "file" past the header) as the row’s', () => {
    const short = { row: 4, field: 'file', message: 'has 9 cells; the header has 11' }
    expect(errorsHeading([short])).toBe('1 row has an error')
    expect(errorsHeading([short, badPrice])).toBe('2 rows have errors')
  })
})

describe('csvFileProblem', () => {
  it('takes a .csv of up to 10 MB', () => {
    expect(csvFileProblem({ name: 'products.csv', size: 2048 })).toBeNull()
    expect(csvFileProblem({ name: 'PRODUCTS.CSV', size: 10 * 1024 * 1024 })).toBeNull()
  })

  it('refuses other files and larger ones', () => {
    expect(csvFileProblem({ name: 'products.xlsx', size: 10 })).toBe('Choose a CSV file (.csv)')
    expect(csvFileProblem({ name: 'products.csv', size: 10 * 1024 * 1024 + 1 })).toBe(
      'The file is over 10 MB: split it into smaller files',
    )
  })
})

describe('importFailureMessage', () => {
  it('explains a 413 in terms of the file', () => {
    expect(importFailureMessage(new ApiError(413, 'payload_too_large', 'The upload is too large'), 'x')).toBe(
      'The file is over 10 MB: split it into smaller files',
    )
  })

  it('is the server’s message, or the fallback', () => {
    expect(importFailureMessage(networkError(), 'Failed to check the file')).toBe('Network error: check your connection')
    expect(importFailureMessage(new Error('boom'), 'Failed to check the file')).toBe('Failed to check the file')
  })
})

describe('importTemplate', () => {
  it('is the export’s header row', () => {
    expect(importTemplate()).toBe('_id,title,company,category,description,price,sellingPrice,stock,featured,hsn,gstRate\r\n')
  })
})

describe('fileSizeLabel', () => {
  it('uses bytes, KB or MB', () => {
    expect(fileSizeLabel(1)).toBe('1 byte')
    expect(fileSizeLabel(812)).toBe('812 bytes')
    expect(fileSizeLabel(2458)).toBe('2.4 KB')
    expect(fileSizeLabel(3.1 * 1024 * 1024)).toBe('3.1 MB')
  })
})
