// The product CSV import (POST /products/import): what its report says, and how the dialog words it.
import { ApiError } from '@/lib/api-errors'
import type { ImportReport, ImportRowError } from '@/lib/api-schemas'

/**
 * The columns of a product import, in order: the products export's columns, so its file can be
 * edited and imported back. An empty `_id` makes a new product; `category` is a category's name.
 */
export const PRODUCT_CSV_COLUMNS = [
  '_id',
  'title',
  'company',
  'category',
  'description',
  'price',
  'sellingPrice',
  'stock',
  'featured',
  'hsn',
  'gstRate',
] as const

/** The largest file the server takes (it answers 413 above this). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024

/** The file name of the downloadable template. */
export const TEMPLATE_FILE_NAME = 'products-import-template.csv'

/**
 * The `field` of a problem that is not one cell's: on row 1 (the header) one with the file as a
 * whole, such as a missing column; on a later row one with the whole row, such as a cell too few.
 */
export const NO_COLUMN = 'file'

/** True for a problem with the file as a whole rather than with one of its rows. */
export function isFileError(error: ImportRowError): boolean {
  return error.field === NO_COLUMN && error.row <= 1
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0

function readRowError(value: unknown): ImportRowError | null {
  if (typeof value !== 'object' || value === null) return null
  const { row, field, message } = value as Record<string, unknown>
  if (typeof row !== 'number' || typeof field !== 'string' || typeof message !== 'string') return null
  return { row, field, message }
}

/**
 * The report in a 422 import_invalid's `details` (which an ApiError carries as `unknown`), or null
 * when `value` is not one.
 */
export function readImportReport(value: unknown): ImportReport | null {
  if (typeof value !== 'object' || value === null) return null
  const { created, updated, errors } = value as Record<string, unknown>
  if (!isCount(created) || !isCount(updated) || !Array.isArray(errors)) return null
  const rows: ImportRowError[] = []
  for (const error of errors) {
    const row = readRowError(error)
    if (!row) return null
    rows.push(row)
  }
  return { created, updated, errors: rows }
}

/** The report of an import refused because rows are bad (422 `import_invalid`), or null for any other failure. */
export function rejectedImport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422 || error.code !== 'import_invalid') return null
  return readImportReport(error.details)
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * What the import would do with the valid rows: '12 new products and 3 updates', '1 new product',
 * '3 updates'; 'No valid rows yet' when every row is bad, 'No rows could be checked' when the file
 * itself is (a missing column).
 */
export function importSummary({ created, updated, errors }: ImportReport): string {
  const parts = [
    created > 0 ? plural(created, 'new product', 'new products') : '',
    updated > 0 ? plural(updated, 'update', 'updates') : '',
  ].filter(Boolean)
  if (parts.length > 0) return parts.join(' and ')
  if (errors.length === 0) return 'No products to import'
  return errors.every(isFileError) ? 'No rows could be checked' : 'No valid rows yet'
}

/** The apply button: 'Import 15 products'. */
export function importButtonLabel({ created, updated }: ImportReport): string {
  return `Import ${plural(created + updated, 'product', 'products')}`
}

/** The toast once the import is written: 'Imported 12 new products and updated 3', 'Updated 1 product'. */
export function importedMessage({ created, updated }: ImportReport): string {
  if (created === 0) return `Updated ${plural(updated, 'product', 'products')}`
  const imported = `Imported ${plural(created, 'new product', 'new products')}`
  return updated > 0 ? `${imported} and updated ${updated}` : imported
}

/** True when the report can be applied: no errors and something to write. */
export function canApply(report: ImportReport): boolean {
  return report.errors.length === 0 && report.created + report.updated > 0
}

/** The errors in reading order: the file's own first, then by row (the server's order within a row). */
export function sortedErrors(errors: readonly ImportRowError[]): ImportRowError[] {
  const rank = (error: ImportRowError) => (isFileError(error) ? -1 : error.row)
  return [...errors].sort((a, b) => rank(a) - rank(b))
}

/** The heading over the errors: '3 rows have errors', '1 row has an error', 'The file has an error'. */
export function errorsHeading(errors: readonly ImportRowError[]): string {
  const fileErrors = errors.filter(isFileError).length
  const rowErrors = errors.length - fileErrors
  const rows = new Set(errors.filter((error) => !isFileError(error)).map((error) => error.row)).size
  const rowsPart =
    rows === 1 ? (rowErrors === 1 ? '1 row has an error' : '1 row has errors') : `${rows} rows have errors`
  if (fileErrors === 0) return rowsPart
  if (rows === 0) return fileErrors === 1 ? 'The file has an error' : 'The file has errors'
  return `The file and ${plural(rows, 'row', 'rows')} have errors`
}

/** Why a chosen file cannot be imported before it is sent, or null when it can be. */
export function csvFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.csv$/i.test(file.name)) return 'Choose a CSV file (.csv)'
  if (file.size > IMPORT_MAX_BYTES) return 'The file is over 10 MB: split it into smaller files'
  return null
}

/** What to say when an import call failed other than with a report: the server's message, a 413 in CSV terms. */
export function importFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 413) return 'The file is over 10 MB: split it into smaller files'
  return error instanceof ApiError && error.message ? error.message : fallback
}

/** The template: the header row only, with the export's line ending. */
export function importTemplate(): string {
  return `${PRODUCT_CSV_COLUMNS.join(',')}\r\n`
}

/** A file's size for people: '812 bytes', '2.4 KB', '3.1 MB'. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte', 'bytes')
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
