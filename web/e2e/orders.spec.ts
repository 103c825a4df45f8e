import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'
import type { OrderEnvelope } from '../src/lib/api-schemas'
import { type Customer, loginAs, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

/** The header's bag link, named after its count. */
function bagLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ })
}

/** The value a totals card shows for `label`: 'Cart totals' at checkout, 'Order totals' on an order. */
function totalValue(page: Page, region: 'Cart totals' | 'Order totals', label: string) {
  return page.getByRole('region', { name: region }).locator(`dt:text-is("${label}") + dd`)
}

/** The value the order's facts show for `label` (Order ID, Status, Date, Customer, Company, Address). */
function fact(page: Page, label: string) {
  return page.getByRole('main').locator(`dt:text-is("${label}") + dd`)
}

/** A product on its own shelf, priced `sellingPrice`, with plenty of stock. */
async function seedProduct(request: APIRequestContext, sellingPrice: number) {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Order Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Bread Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Strong flour for crusty loaves.',
    sellingPrice,
    price: sellingPrice + 100,
    stock: 50,
    category: category.name,
  })
  return { product, adminToken: token }
}

/** A registered customer, signed in through the login page. */
async function signedInCustomer(page: Page, request: APIRequestContext, prefix: string) {
  const customer = newCustomer(prefix)
  await registerByApi(request, customer)
  await loginAs(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/$/)
  return customer
}

/** Puts `amount` of the product in the bag from its page. */
async function addToBag(page: Page, productId: string, amount: number) {
  await page.goto(`/products/${productId}`)
  await page.getByRole('main').getByLabel('Amount').selectOption(String(amount))
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName(`Cart, ${amount} item${amount === 1 ? '' : 's'}`)
}

/** A customer's bearer token from the API. */
async function customerToken(request: APIRequestContext, customer: Customer) {
  const response = await request.post('/api/v1/auth/login', {
    data: { identifier: customer.email, password: customer.password },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { jwt: string }).jwt
}

test('a signed-in customer checks out the bag and finds the order with the right total', async ({
  page,
  request,
}) => {
  const { product } = await seedProduct(request, 249.5)
  const customer = await signedInCustomer(page, request, 'Meera')
  await addToBag(page, product._id, 3)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('place your order')
  const main = page.getByRole('main')
  // The form starts from the customer's own details.
  await expect(main.getByLabel('Name', { exact: true })).toHaveValue(customer.username)
  await expect(main.getByLabel('Address', { exact: true })).toHaveValue(customer.address)
  await expect(main.getByLabel('City', { exact: true })).toHaveValue(customer.city)
  await expect(main.getByLabel('State', { exact: true })).toHaveValue(customer.state)
  await expect(main.getByLabel('Company', { exact: true })).toHaveValue(customer.company)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(3 * 249.5))

  await expect(main.getByLabel('Phone', { exact: true })).toHaveValue(customer.mobile)
  await expect(totalValue(page, 'Cart totals', 'Delivery')).toHaveText('Free')
  await expect(main.getByRole('region', { name: /Your order \(3 items\)/ })).toContainText(`3 × ${inr(249.5)}`)
  await main.getByLabel('Address', { exact: true }).fill('22 Brigade Road')
  // The PIN code is asked and checked before the order is sent.
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(main.getByLabel('PIN code')).toBeFocused()
  await expect(main.getByText('Enter the 6-digit PIN code')).toBeVisible()
  await main.getByLabel('PIN code').fill('56000')
  await expect(main.getByText('A PIN code is 6 digits, such as 560025')).toBeVisible()
  await main.getByLabel('PIN code').fill('560 001')
  await expect(main.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked()
  await main.getByRole('button', { name: 'Place your order' }).click()

  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Orders')
  await expect(page.getByText('total orders : 1')).toBeVisible()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 0 items')

  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row')
  await expect(rows).toHaveCount(2) // the header and the one order
  const row = rows.nth(1)
  await expect(row).toContainText('22 Brigade Road')
  await expect(row).toContainText(inr(3 * 249.5))
  const view = row.getByRole('link', { name: /^View order ORD\d+$/ })
  const orderNumber = ((await view.getAttribute('aria-label')) ?? '').replace('View order ', '')
  await expect(row.getByRole('cell').first()).toHaveText(orderNumber)

  // On a phone each order is a card whose cost, status and link are on screen.
  await page.setViewportSize({ width: 360, height: 740 })
  const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText(inr(3 * 249.5))
  await expect(card).toContainText('pending')
  await expect(card.getByRole('link', { name: `View order ${orderNumber}` })).toBeInViewport()
  await page.setViewportSize({ width: 1280, height: 720 })

  await view.click()
  await expect(page).toHaveURL(/\/orders\/[^/]+$/)
  await expect(fact(page, 'Order ID')).toHaveText(orderNumber)
  await expect(fact(page, 'Status')).toHaveText('pending')
  await expect(fact(page, 'Customer')).toHaveText(customer.username)
  await expect(fact(page, 'Address')).toHaveText(`22 Brigade Road, ${customer.city} 560001, ${customer.state}`)
  await expect(fact(page, 'Phone')).toHaveText(customer.mobile)
  await expect(fact(page, 'Payment')).toHaveText('Cash on deliveryunpaid')
  await expect(totalValue(page, 'Order totals', 'Delivery')).toHaveText('Free')
  const item = page.getByRole('table', { name: 'Items' }).getByRole('row').nth(1)
  await expect(item).toContainText(product.title)
  await expect(item.getByRole('cell').nth(1)).toHaveText(inr(249.5))
  await expect(item.getByRole('cell').nth(2)).toHaveText('3')
  await expect(item.getByRole('cell').nth(3)).toHaveText(inr(3 * 249.5))
  await expect(totalValue(page, 'Order totals', 'Subtotal')).toHaveText(inr(3 * 249.5))
  await expect(totalValue(page, 'Order totals', 'Discount')).toHaveCount(0)
  await expect(totalValue(page, 'Order totals', 'Total')).toHaveText(inr(3 * 249.5))
  // On a phone the price and quantity go under the name, and the line's Total stays on screen.
  await page.setViewportSize({ width: 360, height: 740 })
  await item.scrollIntoViewIfNeeded()
  await expect(item.getByRole('cell').last()).toBeInViewport({ ratio: 1 })
  await expect(item).toContainText(`${inr(249.5)} × 3`)
  await page.setViewportSize({ width: 1280, height: 720 })
  // Not delivered yet: no invoice.
  await expect(page.getByRole('button', { name: 'Download Invoice' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Back to Orders' }).click()
  await expect(page).toHaveURL(/\/orders$/)
})

test('a price changed meanwhile is reported, the bag takes the new price, and the next try goes through', async ({
  page,
  request,
}) => {
  const { product, adminToken } = await seedProduct(request, 300)
  await signedInCustomer(page, request, 'Kiran')
  await addToBag(page, product._id, 2)
  await page.goto('/checkout')
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(600))

  const repriced = await request.patch(`/api/v1/products/${product._id}`, {
    multipart: { sellingPrice: '320' },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(repriced.status(), await repriced.text()).toBe(200)

  const main = page.getByRole('main')
  await main.getByLabel('PIN code').fill('560001')
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(main.getByRole('alert')).toContainText('Prices changed')
  await expect(main.getByRole('alert')).toContainText(inr(320))
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(640))
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('whisk.cart.v1') ?? 'null'))
  expect(stored).toMatchObject({ cartItems: [{ productID: product._id, price: 320, amount: 2 }], orderTotal: 640 })

  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toContainText(inr(640))
})

test('once an admin marks the order delivered the customer downloads its invoice', async ({ page, request }) => {
  const { product, adminToken } = await seedProduct(request, 1099)
  const customer = await signedInCustomer(page, request, 'Farah')
  const placed = await request.post('/api/v1/orders', {
    data: {
      data: {
        name: customer.username,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        company: customer.company,
        cartItems: [{ productId: product._id, amount: 1, price: 1099, name: product.title, image: '' }],
      },
    },
    headers: { Authorization: `Bearer ${await customerToken(request, customer)}`, 'Idempotency-Key': crypto.randomUUID() },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const { order } = (await placed.json()) as OrderEnvelope

  await page.goto(`/orders/${order._id}`)
  await expect(fact(page, 'Order ID')).toHaveText(order.orderId)
  await expect(page.getByRole('button', { name: 'Download Invoice' })).toHaveCount(0)

  const delivered = await request.patch(`/api/v1/orders/${order._id}`, {
    data: { status: 'delivered' },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(delivered.status(), await delivered.text()).toBe(200)

  await page.reload()
  await expect(fact(page, 'Status')).toHaveText('delivered')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Invoice' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^invoice-ORD\d+\.pdf$/)
  expect(download.suggestedFilename()).toBe(`invoice-${order.orderId}.pdf`)
  await expect(page.getByText('Invoice downloaded successfully')).toBeVisible()

  // Someone else's order, or none at all, reads the same.
  await page.goto('/orders/no-such-order')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order not found')
})

test('signed out, the orders and checkout screens send the visitor to sign in', async ({ page }) => {
  await page.goto('/orders')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('You must logged in to view orders')).toBeVisible()

  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('You must be logged in to checkout')).toBeVisible()

  await page.goto('/orders/some-order')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Please login to view order details')).toBeVisible()
})
