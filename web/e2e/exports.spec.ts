import { expect } from '@playwright/test'
import { test } from './support/test'
import { readFileSync } from 'node:fs'

import { adminLoginAs, BOOTSTRAP_ADMIN } from './support/accounts'
import { createCategory, createProduct, seedToken, uniqueTag } from './support/catalog'

test('an admin exports the products and the orders as CSV files', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Export Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Cake Board, round ${tag}`,
    company: `PackRight ${tag}`,
    description: 'A 10 inch board.',
    sellingPrice: 65,
    price: 80,
    stock: 40,
    category: category.name,
  })

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/products')
  const products = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const productsFile = await products
  expect(productsFile.suggestedFilename()).toBe('products.csv')
  const productsCsv = readFileSync(await productsFile.path(), 'utf8')
  expect(productsCsv.split('\r\n')[0]).toBe('_id,title,company,category,description,price,sellingPrice,stock,featured,hsn,gstRate')
  expect(productsCsv).toContain(`${product._id},"Cake Board, round ${tag}",PackRight ${tag},Export Shelf ${tag},A 10 inch board.,80.00,65.00,40,false,`)
  await expect(page.getByText('Export downloaded')).toBeVisible()

  await page.goto('/admin/orders?status=cancelled')
  const orders = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const ordersFile = await orders
  expect(ordersFile.suggestedFilename()).toBe('orders-last-30-days-cancelled.csv')
  const ordersCsv = readFileSync(await ordersFile.path(), 'utf8')
  expect(ordersCsv.startsWith('orderId,placedAt,status,paymentMethod,paymentStatus,')).toBe(true)
  for (const row of ordersCsv.split('\r\n').slice(1).filter(Boolean)) expect(row.split(',')[2]).toBe('cancelled')
})
