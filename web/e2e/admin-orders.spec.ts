import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'
import { readFileSync } from 'node:fs'
import { adminLoginAs, BOOTSTRAP_ADMIN, newCustomer, registerByApi } from './support/accounts'
import type { Order, OrderEnvelope, OrderList, Product } from '../src/lib/api-schemas'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** Two products of a fresh category, in stock, for one test. */
async function seedProducts(request: APIRequestContext, token: string, tag: string) {
  const category = await createCategory(request, token, `Order Shelf ${tag}`)
  const flour = await createProduct(request, token, {
    title: `Cake Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Low-protein flour for soft sponges.',
    sellingPrice: 249.5,
    price: 299,
    stock: 30,
    category: category.name,
  })
  const tin = await createProduct(request, token, {
    title: `Loaf Tin ${tag}`,
    company: `Bakeware ${tag}`,
    description: 'Non-stick loaf tin.',
    sellingPrice: 120.25,
    price: 150,
    stock: 4,
    category: category.name,
  })
  return { flour, tin }
}

type OrderLine = { product: Product; amount: number }

/** POST /orders as an admin, on behalf of `userId`. */
async function createOrderByApi(
  request: APIRequestContext,
  token: string,
  order: { userId: string; name: string; discount: number; lines: OrderLine[] },
) {
  const response = await request.post('/api/v1/orders', {
    headers: bearer(token),
    data: {
      data: {
        userId: order.userId,
        name: order.name,
        address: '5 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        discount: order.discount,
        cartItems: order.lines.map(({ product, amount }) => ({
          productId: product._id,
          name: product.title,
          price: product.sellingPrice,
          amount,
          image: '',
        })),
      },
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as OrderEnvelope).order
}

/** GET /orders/{id} as an admin: the order, or null once it is gone. */
async function fetchOrder(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/v1/orders/${encodeURIComponent(id)}`, { headers: bearer(token) })
  if (response.status() === 404) return null
  expect(response.status()).toBe(200)
  return ((await response.json()) as OrderEnvelope).order
}

/** The newest order of a customer, from the first page of all orders (newest first). */
async function newestOrderOf(request: APIRequestContext, token: string, userId: string) {
  const response = await request.get('/api/v1/orders?page=1&limit=10', { headers: bearer(token) })
  expect(response.status()).toBe(200)
  const orders: Order[] = ((await response.json()) as OrderList).data
  const order = orders.find((candidate) => candidate.user._id === userId)
  expect(order, `an order of ${userId} on the first page`).toBeTruthy()
  return order!
}

/** The row of the orders table (first page) for the order shipped to `name`. */
async function orderRow(page: Page, name: string) {
  await page.goto('/admin/orders')
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toBeVisible()
  return row
}

test('an admin creates an order for a customer with two products and a discount; the form showed the saved totals', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const { flour, tin } = await seedProducts(request, token, tag)
  const customer = { ...newCustomer('Riya'), company: `Riya Bakes ${tag}` }
  const { user } = await registerByApi(request, customer)
  const shipName = `Riya ${tag}`

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/orders')
  await page.getByRole('link', { name: '+ Add Order' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/create$/)

  await page.getByRole('button', { name: 'Create order' }).click()
  await expect(page.getByText('Select a user and add at least one product')).toBeVisible()

  const findCustomer = page.getByRole('search', { name: 'Find a customer' })
  await findCustomer.getByLabel('Search customers').fill(customer.email)
  await findCustomer.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: `Select ${customer.username}, ${customer.email}` }).click()
  await expect(page.getByRole('button', { name: 'Change customer' })).toBeFocused()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(customer.username)
  await expect(page.getByLabel('Address')).toHaveValue(customer.address)
  await expect(page.getByLabel('City')).toHaveValue(customer.city)
  await expect(page.getByLabel('State')).toHaveValue(customer.state)
  await page.getByLabel('Name', { exact: true }).fill(shipName)
  await page.getByLabel('Address').fill('22 Residency Road')
  // The buyer GSTIN is checked as typed, by its format and check character.
  const gstin = page.getByLabel('Buyer GSTIN')
  await gstin.fill('27aapfu0939f1zx')
  await expect(gstin).toHaveValue('27AAPFU0939F1ZX')
  await expect(gstin).toHaveAttribute('aria-invalid', 'true')
  await gstin.fill('27aapfu0939f1zv')
  await expect(gstin).not.toHaveAttribute('aria-invalid', 'true')

  // The product search runs as the admin types; Arrow Down moves from the box to the first result.
  const findProducts = page.getByRole('search', { name: 'Find products' })
  await findProducts.getByLabel('Search products').fill(tag)
  await expect(page.getByRole('button', { name: `Add ${tin.title}` })).toBeVisible()
  await findProducts.getByLabel('Search products').press('ArrowDown')
  await expect(page.getByRole('list', { name: 'Matching products' }).getByRole('button').first()).toBeFocused()
  await page.getByRole('button', { name: `Add ${flour.title}` }).click()
  await page.getByRole('button', { name: `Add ${tin.title}` }).click()
  await page.getByRole('button', { name: `Add ${flour.title}` }).click()
  await expect(page.getByText('Product already added')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Order items' }).getByRole('listitem')).toHaveCount(2)

  const subtotal = page.getByLabel('Subtotal')
  const total = page.getByLabel('Total', { exact: true })
  await expect(subtotal).toHaveText(inr(369.75))
  await page.getByLabel(`Quantity of ${flour.title}`).fill('3')
  await expect(subtotal).toHaveText(inr(868.75))

  // Only 4 tins are in stock: 5 is flagged and counts for nothing until corrected.
  const tins = page.getByLabel(`Quantity of ${tin.title}`)
  await tins.fill('5')
  await expect(tins).toHaveAttribute('aria-invalid', 'true')
  await expect(subtotal).toHaveText(inr(748.5))
  await tins.fill('2')
  await expect(tins).not.toHaveAttribute('aria-invalid', 'true')
  await expect(subtotal).toHaveText(inr(989))

  // The totals name their discount too: the box is the spin button.
  await page.getByRole('spinbutton', { name: 'Discount' }).fill('89.5')
  await expect(total).toHaveText(inr(899.5))
  const shownSubtotal = await subtotal.textContent()
  const shownTotal = await total.textContent()

  await page.getByRole('button', { name: 'Create order' }).click()
  await expect(page.getByText('Order created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/orders$/)

  const saved = await newestOrderOf(request, token, user._id)
  expect(inr(saved.chargeTotal)).toBe(shownSubtotal)
  expect(inr(saved.orderTotal)).toBe(shownTotal)
  expect(saved).toMatchObject({
    name: shipName,
    address: '22 Residency Road',
    city: customer.city,
    state: customer.state,
    discount: 89.5,
    numItemsInCart: 5,
    status: 'pending',
    buyerGstin: '27AAPFU0939F1ZV',
  })
  expect(saved.cartItems.map(({ productId, amount, price }) => ({ productId, amount, price }))).toEqual([
    { productId: flour._id, amount: 3, price: 249.5 },
    { productId: tin._id, amount: 2, price: 120.25 },
  ])

  const row = await orderRow(page, shipName)
  await expect(row).toContainText(customer.company)
  await expect(row).toContainText(inr(899.5))
  await expect(row).toContainText('pending')
})

test('an admin edits an order: the status and an amount change, the Total follows live and is saved', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const { flour, tin } = await seedProducts(request, token, tag)
  const { user } = await registerByApi(request, newCustomer('Meera'))
  const name = `Meera ${tag}`
  const order = await createOrderByApi(request, token, {
    userId: user._id,
    name,
    discount: 20,
    lines: [
      { product: flour, amount: 2 },
      { product: tin, amount: 1 },
    ],
  })
  expect(order.orderTotal).toBe(599.25)

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  const row = await orderRow(page, name)
  await row.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order._id}$`))

  // The totals are read-only outputs, worked out live by the pricing module.
  const orderTotal = page.getByRole('group', { name: 'Order totals' }).getByLabel('Total', { exact: true })
  const totalItems = page.getByLabel('Total items')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
  await expect(orderTotal).toHaveText(inr(599.25))
  await expect(totalItems).toHaveText('3')

  await page.getByLabel('Status').selectOption('delivered')
  const flourAmount = page.getByLabel(`Quantity of ${flour.title}`)
  // The same line editor as the create screen: amounts from 1 to the current amount plus 5
  // (within the stock: 1 tin ordered, 3 left on the shelf).
  await expect(flourAmount).toHaveAttribute('max', '7')
  await expect(page.getByLabel(`Quantity of ${tin.title}`)).toHaveAttribute('max', '4')
  await flourAmount.fill('8')
  await expect(flourAmount).toHaveAttribute('aria-invalid', 'true')
  await flourAmount.fill('4')
  await expect(flourAmount).not.toHaveAttribute('aria-invalid', 'true')
  await expect(orderTotal).toHaveText(inr(1098.25))
  await expect(totalItems).toHaveText('5')
  const shownTotal = await orderTotal.textContent()

  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/orders$/)

  const saved = await fetchOrder(request, token, order._id)
  expect(saved).not.toBeNull()
  expect(inr(saved!.orderTotal)).toBe(shownTotal)
  expect(saved).toMatchObject({ status: 'delivered', numItemsInCart: 5, chargeTotal: 1118.25, discount: 20 })
  expect(saved!.cartItems.find((item) => item.productId === flour._id)?.amount).toBe(4)

  const updatedRow = page.getByRole('row', { name: new RegExp(name) })
  await expect(updatedRow).toContainText('delivered')
  await expect(updatedRow).toContainText(inr(1098.25))
})

test('deleting an order asks for confirmation by name and takes it off the list', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const { flour } = await seedProducts(request, token, tag)
  const { user } = await registerByApi(request, newCustomer('Kabir'))
  const name = `Kabir ${tag}`
  const order = await createOrderByApi(request, token, {
    userId: user._id,
    name,
    discount: 0,
    lines: [{ product: flour, amount: 1 }],
  })

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  const row = await orderRow(page, name)
  await row.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' })
  await expect(dialog).toContainText(`Are you sure you want to delete the order by ${name}?`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row).toBeVisible()

  await row.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Order deleted')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
  expect(await fetchOrder(request, token, order._id)).toBeNull()
})

test('an admin downloads the tax invoice of a delivered order as invoice-ORD….pdf; a pending order has none yet', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const { flour, tin } = await seedProducts(request, token, tag)
  const { user } = await registerByApi(request, newCustomer('Zoya'))
  const name = `Zoya ${tag}`
  const order = await createOrderByApi(request, token, {
    userId: user._id,
    name,
    discount: 10,
    lines: [
      { product: flour, amount: 1 },
      { product: tin, amount: 1 },
    ],
  })
  expect(order.status).toBe('pending')

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  const pendingRow = await orderRow(page, name)
  await expect(pendingRow.getByRole('button', { name: `Download invoice for ${order.orderId}` })).toHaveCount(0)

  const delivered = await request.patch(`/api/v1/orders/${order._id}`, {
    headers: bearer(token),
    data: { status: 'delivered' },
  })
  expect(delivered.status(), await delivered.text()).toBe(200)
  expect(((await delivered.json()) as OrderEnvelope).order.invoiceNumber).toBeTruthy()

  const row = await orderRow(page, name)
  const downloading = page.waitForEvent('download')
  await row.getByRole('button', { name: `Download invoice for ${order.orderId}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^invoice-ORD\d+\.pdf$/)
  expect(download.suggestedFilename()).toBe(`invoice-${order.orderId}.pdf`)
  await expect(page.getByText('Invoice downloaded successfully')).toBeVisible()
  const saved = await download.path()
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})

test('an admin finds orders by number or buyer and narrows them by status', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const { flour } = await seedProducts(request, token, tag)
  const { user } = await registerByApi(request, newCustomer('Meera'))
  const lines = [{ product: flour, amount: 1 }]
  const first = await createOrderByApi(request, token, { userId: user._id, name: `Meera ${tag}`, discount: 0, lines })
  const second = await createOrderByApi(request, token, { userId: user._id, name: `Meera ${tag}`, discount: 0, lines })
  const paid = await request.patch(`/api/v1/orders/${second._id}`, { headers: bearer(token), data: { status: 'paid' } })
  expect(paid.status()).toBe(200)

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/orders')
  const search = page.getByRole('searchbox', { name: 'Search orders' })
  await search.fill(first.orderId.toLowerCase())
  await search.press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${first.orderId.toLowerCase()}`))
  await expect(page.getByRole('row', { name: new RegExp(first.orderId) })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(second.orderId) })).toHaveCount(0)

  await page.getByRole('button', { name: 'Clear' }).click()
  await search.fill(tag)
  await search.press('Enter')
  await expect(page.getByRole('row', { name: new RegExp(`Meera ${tag}`) })).toHaveCount(2)
  await page.getByLabel('Status').selectOption('paid')
  await expect(page).toHaveURL(/status=paid/)
  await expect(page.getByRole('row', { name: new RegExp(`Meera ${tag}`) })).toHaveCount(1)
  await expect(page.getByRole('row', { name: new RegExp(second.orderId) })).toBeVisible()
})

/** The page's serious and critical axe violations, one line each. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

for (const theme of ['winter', 'dracula'] as const) {
  test(`the create and edit order screens share one line editor and have no serious accessibility violations in ${theme}`, async ({
    page,
    request,
  }) => {
    const tag = uniqueTag()
    const token = await seedToken(request)
    const { flour, tin } = await seedProducts(request, token, tag)
    const customer = newCustomer('Axe')
    const { user } = await registerByApi(request, customer)
    const order = await createOrderByApi(request, token, {
      userId: user._id,
      name: `Axe ${tag}`,
      discount: 0,
      lines: [{ product: flour, amount: 1 }],
    })

    await page.addInitScript((chosen) => localStorage.setItem('whisk.theme.v1', JSON.stringify(chosen)), theme)
    await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)

    // Create: a customer chosen, products found and one added, a quantity flagged.
    await page.goto('/admin/orders/create')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const findCustomer = page.getByRole('search', { name: 'Find a customer' })
    await findCustomer.getByLabel('Search customers').fill(customer.email)
    await findCustomer.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('button', { name: `Select ${customer.username}, ${customer.email}` }).click()
    await page.getByRole('search', { name: 'Find products' }).getByLabel('Search products').fill(tag)
    await page.getByRole('button', { name: `Add ${tin.title}` }).click()
    await page.getByLabel(`Quantity of ${tin.title}`).fill('9')
    await expect(page.getByLabel(`Quantity of ${tin.title}`)).toHaveAttribute('aria-invalid', 'true')
    expect(await seriousViolations(page), `create in ${theme}`).toEqual([])

    // Edit: the same editor, with the product search and the order's line.
    await page.goto(`/admin/orders/edit/${order._id}`)
    await expect(page.getByLabel(`Quantity of ${flour.title}`)).toHaveValue('1')
    await page.getByRole('search', { name: 'Find products' }).getByLabel('Search products').fill(tag)
    await expect(page.getByRole('list', { name: 'Matching products' })).toContainText('in the order')
    await expect(page.getByRole('group', { name: 'Order totals' }).getByLabel('Total', { exact: true })).toBeVisible()
    expect(await seriousViolations(page), `edit in ${theme}`).toEqual([])
  })
}
