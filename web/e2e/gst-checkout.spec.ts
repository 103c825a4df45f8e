import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'
import type { CouponEnvelope, OrderList } from '../src/lib/api-schemas'
import { type Customer, loginAs, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

// The money below is what the pricing crate computes (checked in features/cart/cart-summary.test.ts):
// a ₹500 product at the default 18% GST with a 10% coupon costs ₹450.00, of which ₹381.36 is
// taxable value and ₹68.64 GST: CGST ₹34.32 + SGST ₹34.32 within Karnataka (the shop's state),
// IGST ₹68.64 to Maharashtra.

/** A GSTIN with a good check character, registered in Maharashtra (27). */
const GSTIN = '27AAPFU0939F1ZV'

function bagLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ })
}

/** The value a totals card shows for `label`: 'Cart totals' in the cart and at checkout, 'Order totals' on an order. */
function totalValue(page: Page, region: 'Cart totals' | 'Order totals', label: string) {
  return page.getByRole('region', { name: region }).locator(`dt:text-is("${label}") + dd`)
}

/** The value the order's facts show for `label`. */
function fact(page: Page, label: string) {
  return page.getByRole('main').locator(`dt:text-is("${label}") + dd`)
}

/** A ₹500 product (GST at the shop's default 18%) on its own shelf, and the admin token that made it. */
async function seedProduct(request: APIRequestContext) {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `GST Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Springform Tin ${tag}`,
    company: `Bakeware ${tag}`,
    description: 'A 9 inch springform tin.',
    sellingPrice: 500,
    price: 650,
    stock: 50,
    category: category.name,
  })
  return { product, adminToken: token, tag }
}

/** Creates a coupon through the API; its code is unique to the test. */
async function createCoupon(request: APIRequestContext, token: string, terms: Record<string, unknown>) {
  const response = await request.post('/api/v1/coupons', {
    data: terms,
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as CouponEnvelope).coupon
}

async function signedInCustomer(page: Page, request: APIRequestContext, prefix: string): Promise<Customer> {
  const customer = newCustomer(prefix)
  await registerByApi(request, customer)
  await loginAs(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/$/)
  return customer
}

async function addToBag(page: Page, productId: string) {
  await page.goto(`/products/${productId}`)
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 1 item')
}

/** The customer's orders through the API. */
async function ordersOf(request: APIRequestContext, customer: Customer) {
  const login = await request.post('/api/v1/auth/login', {
    data: { identifier: customer.email, password: customer.password },
  })
  const { jwt } = (await login.json()) as { jwt: string }
  const response = await request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${jwt}` } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as OrderList).data
}

test('a coupon in the cart, then a B2B checkout to Maharashtra: IGST, place of supply and the buyer GSTIN on the order', async ({
  page,
  request,
}) => {
  const { product, adminToken, tag } = await seedProduct(request)
  const coupon = await createCoupon(request, adminToken, { code: `save${tag}`, kind: 'percent', value: 10 })
  expect(coupon.code).toBe(`SAVE${tag.toUpperCase()}`)
  await signedInCustomer(page, request, 'Lakshmi') // from Karnataka, the shop's state
  await addToBag(page, product._id)

  await page.goto('/cart')
  const box = page.getByLabel('Coupon code')
  // A code that does not exist is said so under the box.
  await box.fill('NOSUCHCODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveText('There is no such coupon code')
  await expect(box).toHaveAttribute('aria-invalid', 'true')

  // Enter applies, in any case.
  await box.fill(`save${tag}`)
  await box.press('Enter')
  await expect(page.getByText(`Coupon ${coupon.code} applied`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Remove coupon ${coupon.code}` })).toBeFocused()
  await expect(totalValue(page, 'Cart totals', 'Subtotal')).toHaveText(inr(500))
  await expect(totalValue(page, 'Cart totals', `Coupon ${coupon.code}`)).toHaveText(`−${inr(50)}`)
  // ₹450 of goods is below the ₹499 free-delivery threshold: ₹49 delivery, taxed at 18 % too
  // (₹41.52 taxable, ₹3.74 CGST and SGST beside the goods' ₹381.36 and ₹34.32).
  await expect(totalValue(page, 'Cart totals', 'Delivery')).toHaveText(inr(49))
  await expect(page.getByRole('region', { name: 'Cart totals' })).toContainText(`Add ${inr(49)} more for free delivery.`)
  await expect(totalValue(page, 'Cart totals', 'Taxable value')).toHaveText(inr(422.88))
  await expect(totalValue(page, 'Cart totals', 'CGST')).toHaveText(inr(38.06))
  await expect(totalValue(page, 'Cart totals', 'SGST')).toHaveText(inr(38.06))
  await expect(totalValue(page, 'Cart totals', 'IGST')).toHaveCount(0)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(499))
  await expect(page.getByRole('region', { name: 'Cart totals' })).toContainText('Inclusive of all taxes')

  // The coupon is kept with the cart.
  await page.reload()
  await expect(totalValue(page, 'Cart totals', `Coupon ${coupon.code}`)).toHaveText(`−${inr(50)}`)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(499))

  await page.getByRole('link', { name: 'proceed to checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  const main = page.getByRole('main')
  // Prefilled from the customer's own state, with the tax split for it.
  await expect(main.getByLabel('State', { exact: true })).toHaveValue('Karnataka')
  await expect(totalValue(page, 'Cart totals', 'CGST')).toHaveText(inr(38.06))

  await main.getByLabel('State', { exact: true }).selectOption('Maharashtra')
  await expect(totalValue(page, 'Cart totals', 'IGST')).toHaveText(inr(76.11))
  await expect(totalValue(page, 'Cart totals', 'CGST')).toHaveCount(0)
  await expect(totalValue(page, 'Cart totals', 'Taxable value')).toHaveText(inr(422.89))
  await expect(totalValue(page, 'Cart totals', `Coupon ${coupon.code}`)).toHaveText(`−${inr(50)}`)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(499))

  await main.getByLabel('Address', { exact: true }).fill('7 Marine Drive')
  await main.getByLabel('City', { exact: true }).fill('Mumbai')
  await main.getByLabel('PIN code').fill('400021')
  const gstin = main.getByLabel('GSTIN (optional, for a GST invoice)')
  await gstin.pressSequentially(GSTIN.toLowerCase())
  await expect(gstin).toHaveValue(GSTIN)
  await main.getByLabel('Business name (optional)').fill(`Lakshmi Cakes LLP ${tag}`)
  await main.getByRole('button', { name: 'Place your order' }).click()

  await expect(page).toHaveURL(/\/orders$/)
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 0 items')
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)
  await expect(row).toContainText(inr(499))
  await expect(row).toContainText('pending')
  await row.getByRole('link', { name: /^View order ORD\d+$/ }).click()

  await expect(page).toHaveURL(/\/orders\/[^/]+$/)
  await expect(fact(page, 'Place of supply')).toHaveText('Maharashtra (27)')
  await expect(fact(page, 'Buyer GSTIN')).toHaveText(GSTIN)
  await expect(fact(page, 'Company')).toHaveText(`Lakshmi Cakes LLP ${tag}`)
  await expect(fact(page, 'Address')).toHaveText('7 Marine Drive, Mumbai 400021, Maharashtra')
  await expect(fact(page, 'Invoice number')).toHaveCount(0)
  const item = page.getByRole('table', { name: 'Items' }).getByRole('row').nth(1)
  await expect(item).toContainText('GST 18%')
  await expect(item.getByRole('cell').nth(3)).toHaveText(`−${inr(50)}`)
  await expect(item.getByRole('cell').nth(4)).toHaveText(inr(450))
  await expect(totalValue(page, 'Order totals', 'Subtotal')).toHaveText(inr(500))
  await expect(totalValue(page, 'Order totals', `Coupon ${coupon.code}`)).toHaveText(`−${inr(50)}`)
  await expect(totalValue(page, 'Order totals', 'Discount')).toHaveCount(0)
  await expect(totalValue(page, 'Order totals', 'Delivery')).toHaveText(inr(49))
  await expect(totalValue(page, 'Order totals', 'Taxable value')).toHaveText(inr(422.89))
  await expect(totalValue(page, 'Order totals', 'IGST')).toHaveText(inr(76.11))
  await expect(totalValue(page, 'Order totals', 'CGST')).toHaveCount(0)
  await expect(totalValue(page, 'Order totals', 'SGST')).toHaveCount(0)
  await expect(totalValue(page, 'Order totals', 'Total')).toHaveText(inr(499))
  await expect(page.getByRole('button', { name: 'Download Invoice' })).toHaveCount(0)

  // The tax invoice is issued when the order ships.
  const orderId = page.url().split('/').pop() ?? ''
  const shipped = await request.patch(`/api/v1/orders/${orderId}`, {
    data: { status: 'shipped' },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(shipped.status(), await shipped.text()).toBe(200)
  await page.reload()
  await expect(fact(page, 'Status')).toHaveText('shipped')
  await expect(fact(page, 'Invoice number')).toHaveText(/\S+\/\d{2}-\d{2}\/\d+/)
  await expect(fact(page, 'Invoice date')).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Invoice' }).click()
  expect((await downloading).suggestedFilename()).toMatch(/^invoice-ORD\d+\.pdf$/)
  await expect(page.getByRole('button', { name: 'Download credit note' })).toHaveCount(0)
})

test('a wrong GSTIN is said at its field and places nothing; a coupon switched off meanwhile comes off and the order goes through without it', async ({
  page,
  request,
}) => {
  const { product, adminToken, tag } = await seedProduct(request)
  const coupon = await createCoupon(request, adminToken, { code: `flat${tag}`, kind: 'flat', value: 75 })
  const customer = await signedInCustomer(page, request, 'Imran')
  await addToBag(page, product._id)

  await page.goto('/cart')
  await page.getByLabel('Coupon code').fill(coupon.code)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(totalValue(page, 'Cart totals', `Coupon ${coupon.code}`)).toHaveText(`−${inr(75)}`)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(425 + 49))

  await page.goto('/checkout')
  const main = page.getByRole('main')
  await main.getByLabel('PIN code').fill('560001')
  const gstin = main.getByLabel('GSTIN (optional, for a GST invoice)')
  // A typing mistake in the check character.
  await gstin.fill('27AAPFU0939F1ZX')
  await expect(main.getByText("This GSTIN's check character is wrong; please check it for typing mistakes")).toBeVisible()
  await expect(gstin).toHaveAttribute('aria-invalid', 'true')
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(gstin).toBeFocused()
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await ordersOf(request, customer)).toHaveLength(0)

  // Too short, once the field is left.
  await gstin.fill('27AAPFU')
  await gstin.blur()
  await expect(main.getByText('A GSTIN has 15 characters')).toBeVisible()
  await gstin.fill('')
  await expect(gstin).not.toHaveAttribute('aria-invalid', 'true')

  // The shop switches the coupon off while the customer is at checkout.
  const switchedOff = await request.patch(`/api/v1/coupons/${coupon.code}`, {
    data: { active: false },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(switchedOff.status(), await switchedOff.text()).toBe(200)
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(main.getByRole('alert')).toContainText('This coupon is not active')
  await expect(main.getByRole('alert')).toContainText('The coupon was taken off your order')
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(totalValue(page, 'Cart totals', `Coupon ${coupon.code}`)).toHaveCount(0)
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(500))
  expect(await ordersOf(request, customer)).toHaveLength(0)

  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  const orders = await ordersOf(request, customer)
  expect(orders).toHaveLength(1)
  expect(orders[0]).toMatchObject({ orderTotal: 500 })
  expect(orders[0]?.couponCode ?? null).toBeNull()
})

test('signed out, the coupon box asks the shopper to sign in', async ({ page, request }) => {
  const { product } = await seedProduct(request)
  await addToBag(page, product._id)
  await page.goto('/cart')
  await page.getByLabel('Coupon code').fill('ANYCODE')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveText('Sign in to use a coupon code')
})
