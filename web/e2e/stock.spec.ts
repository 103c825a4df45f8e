import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'
import { loginAs, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

/** A product with `stock` units left, priced `sellingPrice`, on its own shelf, and the admin token that made it. */
async function seedProduct(request: APIRequestContext, stock: number, sellingPrice = 300) {
  const tag = uniqueTag()
  const adminToken = await seedToken(request)
  const category = await createCategory(request, adminToken, `Stock Shelf ${tag}`)
  const product = await createProduct(request, adminToken, {
    title: `Cocoa Butter ${tag}`,
    company: `Cacao Co ${tag}`,
    description: 'Food-grade cocoa butter, 200 g.',
    sellingPrice,
    price: sellingPrice + 100,
    stock,
    category: category.name,
  })
  return { product, adminToken }
}

/** PATCH /products/{id} as the admin, with the form fields given. */
async function editProduct(request: APIRequestContext, token: string, id: string, fields: Record<string, string>) {
  const response = await request.patch(`/api/v1/products/${id}`, {
    multipart: fields,
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(200)
}

function cartLines(page: Page) {
  return page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')
}

test('a product with 2 left offers 1 or 2, says so, and the bag never holds more', async ({ page, request }) => {
  const { product } = await seedProduct(request, 2)

  await page.goto(`/products/${product._id}`)
  const main = page.getByRole('main')
  await expect(main.getByLabel('Amount').locator('option')).toHaveText(['1', '2'])
  await expect(main.getByText('Only 2 left')).toBeVisible()
  await main.getByLabel('Amount').selectOption('2')
  await main.getByRole('button', { name: 'Add to bag' }).click()
  await expect(page.getByText('Item added to cart')).toBeVisible()

  // Adding again would make 3: the line stays at the 2 there are, and a toast says so.
  await main.getByRole('button', { name: 'Add to bag' }).click()
  await expect(page.getByText(`Only 2 of ${product.title} are left: your cart now has 2`)).toBeVisible()
  expect(await page.getByText('Item added to cart').count(), 'no second "added" toast').toBeLessThan(2)

  await page.goto('/cart')
  const line = cartLines(page).filter({ hasText: product.title })
  await expect(line.getByLabel('Amount')).toHaveValue('2')
  await expect(line.getByText('Only 2 left')).toBeVisible()
  await expect(line.getByLabel('Amount').locator('option')).toHaveText(['1', '2'])
})

test('a price raised and stock sold meanwhile update the cart and checkout, which say what changed', async ({
  page,
  request,
}) => {
  const { product, adminToken } = await seedProduct(request, 10, 300)
  const customer = newCustomer('Meera')
  await registerByApi(request, customer)
  await loginAs(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/$/)

  await page.goto(`/products/${product._id}`)
  await page.getByRole('main').getByLabel('Amount').selectOption('3')
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(page.getByText('Item added to cart')).toBeVisible()

  await editProduct(request, adminToken, product._id, { sellingPrice: '320' })
  await page.goto('/cart')
  const notice = page.getByRole('main').getByRole('status').filter({ hasText: 'Your cart was updated' })
  await expect(notice).toContainText(`The price of ${product.title} changed from ${inr(300)} to ${inr(320)}`)
  await expect(cartLines(page).filter({ hasText: product.title })).toContainText(`Price ${inr(320)}`)

  // The checkout asks for the product's stock again when it opens; the stock changes only after
  // that answer, or a slow answer would already bring the 2 (on a busy machine it did).
  const checkoutAsked = page.waitForResponse(
    (response) => response.request().method() === 'GET' && response.url().endsWith(`/api/v1/products/${product._id}`),
  )
  await page.getByRole('link', { name: 'proceed to checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await checkoutAsked
  // Only 2 are left by the time the order is placed: it is refused and the cart takes the 2.
  await editProduct(request, adminToken, product._id, { stock: '2' })
  const main = page.getByRole('main')
  await main.getByLabel('PIN code').fill('560001')
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(main.getByRole('alert')).toContainText(`Only 2 left of ${product.title}`)
  const changed = main.getByRole('status').filter({ hasText: 'Your cart was updated' })
  await expect(changed).toContainText(`Only 2 of ${product.title} are left: your cart now has 2`)
  await expect(page.getByRole('region', { name: 'Cart totals' }).locator('dt:text-is("Total") + dd')).toHaveText(
    inr(640),
  )

  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toContainText(inr(640))
})
