import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { test } from './support/test'

import type { OrderEnvelope, Product } from '../src/lib/api-schemas'
import { adminLoginAs, BOOTSTRAP_ADMIN, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, inr, pngFile, seedToken, uniqueTag } from './support/catalog'

// A small phone: the back-office lists are cards here, not tables.
test.use({ viewport: { width: 360, height: 740 } })

/** An order of two of `product` for a new customer, placed by the admin through the API. */
async function createOrder(request: APIRequestContext, token: string, product: Product, shipName: string) {
  const { user } = await registerByApi(request, newCustomer('Phone'))
  const response = await request.post('/api/v1/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      data: {
        userId: user._id,
        name: shipName,
        address: '5 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        discount: 0,
        cartItems: [
          { productId: product._id, name: product.title, price: product.sellingPrice, amount: 2, image: '' },
        ],
      },
    },
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

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
}

/** The value a record card gives for `label` (its <dd> beside the <dt>). */
function field(card: Locator, label: string) {
  return card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
}

for (const theme of ['winter', 'dracula'] as const) {
  test(`at 360 px the admin orders and products lists are cards with their key fields and a working Edit link, accessible in ${theme}`, async ({
    page,
    request,
  }) => {
    const tag = uniqueTag()
    const token = await seedToken(request)
    const category = await createCategory(request, token, `Phone Shelf ${tag}`)
    const product = await createProduct(request, token, {
      title: `Phone Whisk ${tag}`,
      company: `Steelworks ${tag}`,
      description: 'A balloon whisk for cream and egg whites.',
      sellingPrice: 349.5,
      price: 499,
      stock: 12,
      category: category.name,
      images: [pngFile('whisk.png', [200, 120, 40])],
    })
    const shipName = `Asha ${tag}`
    const order = await createOrder(request, token, product, shipName)

    await page.addInitScript((chosen) => localStorage.setItem('whisk.theme.v1', JSON.stringify(chosen)), theme)
    await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)

    // Orders: the card names the order and shows who, where, how many and how much; no table.
    await page.goto(`/admin/orders?q=${encodeURIComponent(order.orderId)}`)
    const orders = page.getByRole('list', { name: 'Orders' })
    const orderCard = orders.getByRole('listitem').filter({ has: page.getByRole('heading', { name: order.orderId }) })
    await expect(orderCard).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(orderCard.getByText('pending', { exact: true })).toBeVisible()
    await expect(field(orderCard, 'Name')).toContainText(shipName)
    await expect(field(orderCard, 'Ship to')).toContainText('5 Park Street')
    await expect(field(orderCard, 'Ship to')).toContainText('Kolkata, West Bengal')
    await expect(field(orderCard, 'Items')).toHaveText('2')
    await expect(field(orderCard, 'Total')).toHaveText(inr(order.orderTotal))
    await expect(orderCard.getByRole('button', { name: `Delete order ${order.orderId}` })).toBeVisible()
    await expectNoSidewaysScroll(page)
    expect(await seriousViolations(page), `orders in ${theme}`).toEqual([])

    // The Edit link is reachable from the keyboard and opens the order.
    const editOrder = orderCard.getByRole('link', { name: `Edit order ${order.orderId}` })
    await editOrder.focus()
    await expect(editOrder).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${encodeURIComponent(order._id)}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Edit order' })).toBeVisible()

    // Products: the card shows prices, stock (less the order's two), tax, featured and the image.
    await page.goto(`/admin/products?q=${encodeURIComponent(product.title)}`)
    const productCard = page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.title }) })
    await expect(productCard).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(productCard).toContainText(`Steelworks ${tag} · ${category.name}`)
    await expect(field(productCard, 'Selling Price')).toHaveText(inr(349.5))
    await expect(field(productCard, 'Price')).toHaveText(inr(499))
    await expect(field(productCard, 'Stock')).toHaveText('10')
    await expect(field(productCard, 'Featured')).toHaveText('No')
    await expect(field(productCard, 'GST')).toContainText('%')
    await expect(productCard.getByRole('img', { name: `Image 1 of ${product.title}` })).toBeVisible()
    await expectNoSidewaysScroll(page)
    expect(await seriousViolations(page), `products in ${theme}`).toEqual([])

    await productCard.getByRole('link', { name: `Edit ${product.title}` }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${encodeURIComponent(product._id)}$`))
    await expect(page.getByLabel('Title')).toHaveValue(product.title)
  })
}

test('from 640 px the admin categories list is the table again, and its cards are out of the accessibility tree', async ({
  page,
  request,
}) => {
  await createCategory(request, await seedToken(request), `Wide Shelf ${uniqueTag()}`)
  await page.setViewportSize({ width: 640, height: 800 })
  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/category')
  await expect(page.getByRole('table', { name: 'Categories' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Categories' })).toHaveCount(0)
})
