import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'

import { adminLoginAs, BOOTSTRAP_ADMIN, type Customer, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, seedToken, uniqueTag } from './support/catalog'
import type { Admin, OrderEnvelope, Product } from '../src/lib/api-schemas'

/** The bootstrap admin's account, as the admin login answers it: the name the log shows. */
async function bootstrapAdmin(request: APIRequestContext) {
  const response = await request.post('/api/v1/authadmin/login', {
    data: { identifier: BOOTSTRAP_ADMIN.email, password: BOOTSTRAP_ADMIN.password },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { admin: Admin }).admin
}

/** A customer's checkout of one `product`, through the API. */
async function placeOrder(request: APIRequestContext, customer: Customer, product: Product) {
  const login = await request.post('/api/v1/auth/login', {
    data: { identifier: customer.email, password: customer.password },
  })
  expect(login.status()).toBe(200)
  const { jwt } = (await login.json()) as { jwt: string }
  const response = await request.post('/api/v1/orders', {
    data: {
      data: {
        name: customer.username,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        company: customer.company,
        cartItems: [{ productId: product._id, amount: 2, price: product.sellingPrice, name: product.title, image: '' }],
      },
    },
    headers: { Authorization: `Bearer ${jwt}`, 'Idempotency-Key': crypto.randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as OrderEnvelope).order
}

/** The page's serious and critical axe violations, one line each. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** The audit table's rows about one record: those linking to its edit screen. */
function auditRows(page: Page, path: string) {
  return page
    .getByRole('table', { name: 'Changes' })
    .getByRole('row')
    .filter({ has: page.locator(`a[href="${path}"]`) })
}

test('an admin’s price change shows in the audit log with who, which product and the before and after', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const admin = await bootstrapAdmin(request)
  const category = await createCategory(request, token, `Audit Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Bread Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Strong flour for bread.',
    sellingPrice: 120,
    price: 150,
    stock: 12,
    category: category.name,
  })

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto(`/admin/products/edit/${product._id}`)
  await expect(page.getByLabel('Selling Price')).toHaveValue(/^120(\.0+)?$/)
  await page.getByLabel('Selling Price').fill('110')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product updated')).toBeVisible()

  // The back office's navigation leads there.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible()
  // The header names the section as the navigation does, like every other admin page.
  await expect(page.getByRole('banner').getByText('AUDIT LOG', { exact: true })).toBeVisible()

  await page.goto('/admin/audit?entity=product')
  await expect(page.getByLabel('Record type')).toHaveValue('product')
  const editPath = `/admin/products/edit/${product._id}`
  const rows = auditRows(page, editPath)
  // Newest first: the change, then the product's creation.
  await expect(rows).toHaveCount(2)
  const update = rows.first()
  await expect(update).toContainText(admin.username)
  await expect(update).toContainText('Product')
  await expect(update.getByRole('link', { name: `Edit product ${product.title}` })).toHaveText(product.title)
  await expect(update.getByText('Updated', { exact: true })).toBeVisible()
  await expect(update).toContainText(/Selling price:\s*120(\.00)?\s*→\s*110(\.00)?/)
  await expect(update.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m IST$/)
  // Its creation is logged too, with no value before.
  const created = rows.nth(1)
  await expect(created.getByText('Created', { exact: true })).toBeVisible()
  await expect(created).toContainText(`Title: — → ${product.title}`)
  await expect(created).toContainText(/Selling price:\s*—\s*→\s*120(\.00)?/)
  await expect(page.getByRole('table', { name: 'Changes' }).getByRole('row').nth(1)).toContainText('Updated')
  expect(await seriousViolations(page)).toEqual([])

  // The filters live in the URL: another record type hides the product's rows, back on page 1.
  await page.getByLabel('Record type').selectOption('order')
  await expect(page).toHaveURL(/[?&]entity=order(&|$)/)
  await expect(rows).toHaveCount(0)
  await page.getByLabel('Record type').selectOption('')
  await expect(page).not.toHaveURL(/entity=/)
  await expect(rows).toHaveCount(2)

  // The admin filter offers the admins by name; a day long before the shop opened matches nothing.
  const changedBy = page.getByLabel('Changed by')
  await changedBy.selectOption({ label: admin.username })
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${encodeURIComponent(admin._id)}(&|$)`))
  await expect(rows).toHaveCount(2)
  await page.getByLabel('To', { exact: true }).fill('2000-01-31')
  await expect(page).toHaveURL(/[?&]to=2000-01-31(&|$)/)
  await expect(page.getByText('No changes match these filters.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
})

test('an order’s timeline shows it was placed, and the status change once the order is saved', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const admin = await bootstrapAdmin(request)
  const category = await createCategory(request, token, `Timeline Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Cocoa Powder ${tag}`,
    company: `Cacao ${tag}`,
    description: 'Dutch-process cocoa.',
    sellingPrice: 240,
    price: 280,
    stock: 20,
    category: category.name,
  })
  const customer = newCustomer('Tara')
  await registerByApi(request, customer)
  const order = await placeOrder(request, customer, product)

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto(`/admin/orders/edit/${order._id}`)
  const timeline = page.getByRole('region', { name: 'Timeline' })
  const events = timeline.getByRole('list', { name: 'Order timeline' }).getByRole('listitem')
  await expect(events.first()).toContainText('Placed')
  // The customer placed it: by name, or as "Customer" when the API gives none.
  await expect(events.first()).toContainText(new RegExp(`${customer.username}|Customer`))
  await expect(events.filter({ hasText: /pending\s*→\s*shipped/i })).toHaveCount(0)

  await page.getByLabel('Status').selectOption('shipped')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/orders$/)

  // Back on the order (in the app, so the saved order's cached timeline must have been refreshed).
  await page.getByRole('row', { name: new RegExp(order.orderId) }).getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order._id}$`))
  await expect(events.first()).toContainText('Placed')
  const statusChange = events.filter({ hasText: /pending\s*→\s*shipped/i })
  await expect(statusChange).toHaveCount(1)
  await expect(statusChange).toContainText(admin.username)
  await expect(statusChange.locator('time')).toHaveText(/ IST$/)
  // The "·" before the time never wraps away from it: they are one unbreakable piece.
  await expect(statusChange.locator('time').locator('xpath=..')).toHaveText(/^· .+ IST$/)
  await expect(statusChange.locator('time').locator('xpath=..')).toHaveCSS('white-space', 'nowrap')
  // Shipping issued the tax invoice, which is on the timeline after the placing.
  await expect(events.filter({ hasText: 'Invoice issued' })).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
})
