import { type APIRequestContext, expect } from '@playwright/test'
import { test } from './support/test'
import { readFileSync } from 'node:fs'

import type { Product } from '../src/lib/api-schemas'
import { adminLoginAs, BOOTSTRAP_ADMIN } from './support/accounts'
import { createCategory, seedToken, uniqueTag } from './support/catalog'

const HEADER = '_id,title,company,category,description,price,sellingPrice,stock,featured,hsn,gstRate'

/** One CSV cell, quoted when it holds a comma, a quote or a line break. */
function cell(value: string) {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** A products CSV: the export's header row, then `rows`. */
function productsCsv(name: string, rows: string[][]) {
  const text = [HEADER, ...rows.map((row) => row.map(cell).join(','))].join('\r\n') + '\r\n'
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') }
}

type NewRow = {
  title: string
  description: string
  price: string
  sellingPrice: string
  stock: string
  featured?: string
  hsn?: string
}

/** A new product's row (empty _id) in the export's columns, at the 18% GST rate. */
function newProductRow(category: string, company: string, product: NewRow) {
  const { title, description, price, sellingPrice, stock, featured = 'false', hsn = '' } = product
  return ['', title, company, category, description, price, sellingPrice, stock, featured, hsn, '18']
}

/** GET /products?search=: the catalog's products whose title or company holds `tag`. */
async function productsTagged(request: APIRequestContext, tag: string) {
  const response = await request.get(`/api/v1/products?search=${encodeURIComponent(tag)}&limit=100`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: Product[] }).data
}

test('an admin checks a CSV, sees the bad row, then imports the corrected file', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Bakeware ${tag}`)
  const row = (product: NewRow) => newProductRow(category.name, `BakeRight ${tag}`, product)
  const tin = row({
    title: `Springform Tin ${tag}`,
    description: 'Round, 8 inch, with a "quick release" base.',
    price: '1200',
    sellingPrice: '999',
    stock: '15',
    featured: 'true',
    hsn: '73239390',
  })
  const spatula = { title: `Silicone Spatula ${tag}`, description: 'Heat safe to 220 °C.', price: '350', stock: '40' }
  const bags = row({
    title: `Piping Bags ${tag}`,
    description: 'A roll of 100.',
    price: '250',
    sellingPrice: '199',
    stock: '60',
  })

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  // The list narrowed to the tag, so the imported products must appear in it without a reload.
  await page.goto(`/admin/products?q=${tag}`)
  await expect(page.getByText('No products found.')).toBeVisible()

  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import products' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('CSV file')).toBeFocused()
  const apply = dialog.getByRole('button', { name: /^Import( \d+)? products?$/ })
  await expect(apply).toBeDisabled()

  // The template is the export's header row alone.
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download a template' }).click()
  const template = await download
  expect(template.suggestedFilename()).toBe('products-import-template.csv')
  expect(readFileSync(await template.path(), 'utf8')).toBe(`${HEADER}\r\n`)

  // A dry run of a file whose second product (spreadsheet row 3) has a selling price of "abc".
  const badFile = productsCsv('bakeware.csv', [tin, row({ ...spatula, sellingPrice: 'abc' }), bags])
  await dialog.getByLabel('CSV file').setInputFiles(badFile)
  const errors = dialog.getByRole('region', { name: /^1 row has (an error|errors)$/ })
  await expect(errors).toBeVisible()
  const errorRows = errors.getByRole('row').filter({ has: page.getByRole('cell') })
  await expect(errorRows.first().getByRole('cell')).toHaveText(['3', 'sellingPrice', /\w{3}/])
  for (const row of await errorRows.all()) await expect(row.getByRole('cell').first()).toHaveText('3')
  const nothingYet = 'Nothing will be imported until every row is valid.'
  await expect(dialog.locator('p:not([role=status])', { hasText: nothingYet })).toBeVisible()
  await expect(dialog.getByRole('status')).toContainText(nothingYet)
  await expect(apply).toBeDisabled()
  expect(await productsTagged(request, tag)).toHaveLength(0)

  // The corrected file: three new products, no errors.
  const fixedFile = productsCsv('bakeware-fixed.csv', [tin, row({ ...spatula, sellingPrice: '299' }), bags])
  await dialog.getByLabel('CSV file').setInputFiles(fixedFile)
  await expect(dialog.getByText('3 new products', { exact: true })).toBeVisible()
  await expect(dialog.getByText(/Checked bakeware-fixed\.csv .*Every row is valid\./)).toBeVisible()
  await expect(dialog.getByRole('region')).toHaveCount(0)
  await expect(apply).toHaveText('Import 3 products')
  await expect(apply).toBeEnabled()
  expect(await productsTagged(request, tag)).toHaveLength(0)

  await apply.click()
  await expect(page.getByText('Imported 3 new products', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Import CSV' })).toBeFocused()
  const table = page.getByRole('table', { name: 'Products' })
  for (const title of [tin[1]!, spatula.title, bags[1]!]) {
    await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(1)
  }

  const imported = await productsTagged(request, tag)
  expect(imported).toHaveLength(3)
  const byTitle = new Map(imported.map((product) => [product.title, product]))
  expect(byTitle.get(tin[1]!)).toMatchObject({
    company: `BakeRight ${tag}`,
    description: 'Round, 8 inch, with a "quick release" base.',
    price: 1200,
    sellingPrice: 999,
    stock: 15,
    featured: true,
    hsn: '73239390',
    gstRate: 18,
    category: { name: category.name },
  })
  expect(byTitle.get(spatula.title)).toMatchObject({ sellingPrice: 299, price: 350, stock: 40, featured: false })
  expect(byTitle.get(bags[1]!)).toMatchObject({ sellingPrice: 199, price: 250, stock: 60 })
})

test('an import refused on apply shows the rows that went bad and keeps nothing', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Short-lived ${tag}`)
  const file = productsCsv('cutters.csv', [
    newProductRow(category.name, `CutRight ${tag}`, {
      title: `Star Cutter ${tag}`,
      description: 'Stainless steel.',
      price: '120',
      sellingPrice: '99',
      stock: '30',
    }),
  ])

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/products')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import products' })
  await dialog.getByLabel('CSV file').setInputFiles(file)
  await expect(dialog.getByText('1 new product', { exact: true })).toBeVisible()

  // The category goes between the check and the import, so the server refuses the apply with 422.
  const gone = await request.delete(`/api/v1/categories/${encodeURIComponent(category._id)}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(gone.ok(), await gone.text()).toBe(true)
  await dialog.getByRole('button', { name: 'Import 1 product' }).click()

  const errors = dialog.getByRole('region', { name: '1 row has an error' })
  await expect(errors).toBeFocused()
  await expect(errors.getByRole('row').filter({ has: page.getByRole('cell') }).getByRole('cell')).toHaveText([
    '2',
    'category',
    new RegExp(category.name),
  ])
  await expect(dialog.getByRole('button', { name: /^Import( \d+)? products?$/ })).toBeDisabled()
  await expect(page.getByText(/^Imported /)).toHaveCount(0)
  expect(await productsTagged(request, tag)).toHaveLength(0)
})
