import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'

import type { Dashboard, OrderEnvelope, Product } from '../src/lib/api-schemas'
import { adminLoginAs, BOOTSTRAP_ADMIN, type Customer, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

// Tests share one server, so other tests' orders are in the figures too: the page is checked
// against the API's answer read just before, and against the orders this file places itself.

/** A customer's bearer token from the API. */
async function customerToken(request: APIRequestContext, customer: Customer) {
  const response = await request.post('/api/v1/auth/login', {
    data: { identifier: customer.email, password: customer.password },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { jwt: string }).jwt
}

/** A customer's checkout of `amount` of `product`, through the API. */
async function placeOrder(request: APIRequestContext, customer: Customer, token: string, product: Product, amount: number) {
  const response = await request.post('/api/v1/orders', {
    data: {
      data: {
        name: customer.username,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        company: customer.company,
        cartItems: [{ productId: product._id, amount, price: product.sellingPrice, name: product.title, image: '' }],
      },
    },
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as OrderEnvelope).order
}

/** GET /dashboard?days= as the bootstrap admin. */
async function readDashboard(request: APIRequestContext, adminToken: string, days: number) {
  const response = await request.get(`/api/v1/dashboard?days=${days}`, { headers: { Authorization: `Bearer ${adminToken}` } })
  expect(response.status()).toBe(200)
  return (await response.json()) as Dashboard
}

/** A product no other test sells, expensive enough to be a best seller, with 10 in stock and 6 of them sold. */
async function sellOutMostOf(request: APIRequestContext) {
  const tag = uniqueTag()
  const adminToken = await seedToken(request)
  const category = await createCategory(request, adminToken, `Dashboard ${tag}`)
  const product = await createProduct(request, adminToken, {
    title: `Stand Mixer ${tag}`,
    company: 'Whirl',
    description: 'A mixer for the dashboard.',
    sellingPrice: 24999,
    price: 29999,
    stock: 10,
    category: category.name,
  })
  const customer = newCustomer('Dash')
  await registerByApi(request, customer)
  const token = await customerToken(request, customer)
  await placeOrder(request, customer, token, product, 3)
  await placeOrder(request, customer, token, product, 3)
  return { product, adminToken }
}

/** The page's serious and critical axe violations, one line each. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** The number a stat card shows, as text. */
const statValue = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).locator('p').first()

test('the dashboard shows the period’s figures, best sellers and low stock as the API sums them', async ({
  page,
  request,
}) => {
  const { product, adminToken } = await sellOutMostOf(request)
  const api = await readDashboard(request, adminToken, 30)

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await expect(page).toHaveTitle(/^Dashboard · Admin/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked()

  // The three figures are the API's, and count at least the two orders placed above.
  expect(api.orders).toBeGreaterThanOrEqual(2)
  await expect(statValue(page, 'Revenue')).toHaveText(inr(api.revenue))
  await expect(statValue(page, 'Orders')).toHaveText(new Intl.NumberFormat('en-IN').format(api.orders))
  await expect(statValue(page, 'Average order value')).toHaveText(inr(api.averageOrderValue))
  for (const name of ['Revenue', 'Orders', 'Average order value']) {
    await expect(page.getByRole('region', { name, exact: true })).toContainText(/vs previous 30 days|in the previous 30 days/)
  }

  // The product is a best seller with its six units and the revenue the API gives it.
  const mine = api.topProducts.find((top) => top._id === product._id)
  expect(mine, 'the product is among the best sellers').toBeDefined()
  expect(mine?.units).toBe(6)
  const topProducts = page.getByRole('region', { name: 'Top products' })
  const row = topProducts.getByRole('row').filter({ has: page.getByRole('link', { name: product.title }) })
  await expect(row.getByRole('cell')).toHaveText([product.title, '6', inr(mine?.revenue ?? 0)])

  // Low stock names the threshold and lists what the API lists, in its order, with the stock left.
  const lowStock = page.getByRole('region', { name: 'Low stock' })
  await expect(lowStock).toContainText(`${api.lowStockThreshold} or fewer left`)
  const stockRows = lowStock.getByRole('row').filter({ has: page.getByRole('link') })
  await expect(stockRows).toHaveCount(api.lowStock.length)
  for (const [index, item] of api.lowStock.entries()) {
    await expect(stockRows.nth(index).getByRole('cell')).toHaveText([item.title, String(item.stock)])
  }
  expect(api.lowStock.some((item) => item._id === product._id && item.stock === 4) || api.lowStock.length === 10).toBe(true)

  // The chart is named and its days are in a table too; the status bars count the orders.
  await expect(page.getByRole('application', { name: /^Daily revenue and orders, / })).toBeVisible()
  const days = page.getByRole('table', { name: /^Daily revenue and orders, / })
  await expect(days.getByRole('row')).toHaveCount(31)
  await page.getByRole('button', { name: 'Show table' }).click()
  await expect(days).toBeVisible()
  await expect(page.getByRole('application')).toHaveCount(0)
  await page.getByRole('button', { name: 'Show chart' }).click()
  await expect(page.getByRole('application', { name: /^Daily revenue and orders, / })).toBeVisible()
  const byStatus = page.getByRole('region', { name: 'Orders by status' })
  await expect(byStatus).toContainText(`Pending${api.byStatus.pending}`)

  // The best seller's title opens its edit page.
  await row.getByRole('link', { name: product.title }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${encodeURIComponent(product._id)}$`))
  await expect(page.getByLabel('Title')).toHaveValue(product.title)
})

test('the period switch works from the keyboard and is kept in the URL', async ({ page, request }) => {
  const { adminToken } = await sellOutMostOf(request)
  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await expect(statValue(page, 'Orders')).toBeVisible()
  const thirty = page.getByRole('radio', { name: '30 days' })
  await expect(thirty).toBeChecked()
  await thirty.focus()
  await expect(thirty).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked()
  await expect(page.getByRole('radio', { name: '90 days' })).toBeFocused()
  await expect(page).toHaveURL(/\/admin\?days=90$/)
  await page.keyboard.press('Home')
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked()
  await expect(page.getByRole('radio', { name: '7 days' })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked()
  await expect(page).toHaveURL(/\/admin\?days=90$/)
  const api = await readDashboard(request, adminToken, 90)
  await expect(page.getByRole('table', { name: /^Daily revenue and orders, / }).getByRole('row')).toHaveCount(91)
  await expect(statValue(page, 'Orders')).toHaveText(new Intl.NumberFormat('en-IN').format(api.orders))
  await expect(page.getByRole('region', { name: 'Orders', exact: true })).toContainText('previous 90 days')

  await page.getByRole('radio', { name: '7 days' }).click()
  await expect(page).toHaveURL(/\/admin\?days=7$/)
  await page.reload()
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked()
  await expect(page.getByRole('table', { name: /^Daily revenue and orders, / }).getByRole('row')).toHaveCount(8)
})

test('a period without orders says so in every panel', async ({ page }) => {
  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  const empty: Dashboard = {
    days: 7,
    from: '2026-11-19',
    to: '2026-11-25',
    revenue: 0,
    orders: 0,
    averageOrderValue: 0,
    previous: { revenue: 0, orders: 0, averageOrderValue: 0 },
    byStatus: { pending: 0, paid: 0, shipped: 0, delivered: 0, cancelled: 0 },
    daily: ['19', '20', '21', '22', '23', '24', '25'].map((day) => ({ date: `2026-11-${day}`, revenue: 0, orders: 0 })),
    topProducts: [],
    lowStock: [],
    lowStockThreshold: 5,
  }
  await page.route('**/api/v1/dashboard?*', (route) => route.fulfill({ json: empty }))
  await page.goto('/admin?days=7')
  await expect(page.getByText('Last 7 days: 19 Nov – 25 Nov 2026')).toBeVisible()
  await expect(statValue(page, 'Revenue')).toHaveText(inr(0))
  for (const name of ['Revenue', 'Orders', 'Average order value']) {
    await expect(page.getByRole('region', { name, exact: true })).toContainText('No orders in the previous 7 days')
  }
  await expect(page.getByRole('region', { name: 'Daily sales' })).toContainText('No orders in the last 7 days')
  await expect(page.getByRole('region', { name: 'Orders by status' })).toContainText('No orders in the last 7 days')
  await expect(page.getByRole('region', { name: 'Top products' })).toContainText('No products sold in the last 7 days')
  await expect(page.getByRole('region', { name: 'Low stock' })).toContainText('No products with 5 or fewer left')
  await expect(page.getByRole('button', { name: 'Show table' })).toHaveCount(0)
})

test('a failed load shows the server’s message and tries again', async ({ page }) => {
  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  let fail = true
  await page.route('**/api/v1/dashboard?*', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { status: 503, code: 'unknown', message: 'The shop is resting' } }),
        })
      : route.continue(),
  )
  await page.goto('/admin?days=7')
  await expect(page.getByRole('alert')).toContainText('The shop is resting', { timeout: 15_000 })
  fail = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('region', { name: 'Revenue', exact: true })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

for (const theme of ['winter', 'dracula'] as const) {
  test(`the dashboard has no serious accessibility problems in ${theme}, on a phone and a desktop`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('whisk.theme.v1', JSON.stringify(chosen)), theme)
    await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await expect(page.getByRole('region', { name: 'Revenue', exact: true })).toBeVisible()
      await expect(page.locator('.recharts-surface').or(page.getByText(/^No orders in the last/).first())).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
      expect(await seriousViolations(page), `dashboard in ${theme} at ${width} px`).toEqual([])
    }
  })
}
