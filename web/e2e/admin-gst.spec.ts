import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'
import { execFileSync } from 'node:child_process'
import type { CouponEnvelope, OrderEnvelope, ShopEnvelope, UserWithToken } from '../src/lib/api-schemas'
import { adminLoginAs, BOOTSTRAP_ADMIN, newCustomer } from './support/accounts'
import { createCategory, createProduct, fetchProduct, inr, seedToken, uniqueTag } from './support/catalog'

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** GET /shop: the seller's GSTIN, state and GST slabs. */
async function shopInfo(request: APIRequestContext) {
  const response = await request.get('/api/v1/shop')
  expect(response.status()).toBe(200)
  return ((await response.json()) as ShopEnvelope).shop
}

/** GET /coupons/{code} as an admin: the coupon, or null once it is gone. */
async function fetchCoupon(request: APIRequestContext, token: string, code: string) {
  const response = await request.get(`/api/v1/coupons/${encodeURIComponent(code)}`, { headers: bearer(token) })
  if (response.status() === 404) return null
  expect(response.status()).toBe(200)
  return ((await response.json()) as CouponEnvelope).coupon
}

/** The coupons table row of `code` (they are listed by code; a fresh shop has few). */
function couponRow(page: Page, code: string) {
  return page.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: new RegExp(code) })
}

test('an admin creates a coupon through the screens, edits it, sees it listed and deletes it', async ({
  page,
  request,
}) => {
  const token = await seedToken(request)
  const code = `BAKE-${uniqueTag().toUpperCase()}`

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click()
  await expect(page).toHaveURL(/\/admin\/coupons$/)
  await page.getByRole('link', { name: '+ Add Coupon' }).click()
  await expect(page).toHaveURL(/\/admin\/coupons\/create$/)

  // The code is upper-cased as typed; the terms are checked as they are typed.
  const codeBox = page.getByLabel('Code')
  await codeBox.fill(code.toLowerCase())
  await expect(codeBox).toHaveValue(code)
  await expect(page.getByLabel('Discount type')).toHaveValue('percent')
  const percentage = page.getByLabel('Percentage')
  await percentage.fill('150')
  await expect(percentage).toHaveAttribute('aria-invalid', 'true')
  await expect(percentage).toHaveAccessibleDescription(/A percent coupon takes 1 to 100 percent off/)
  await percentage.fill('10')
  await expect(percentage).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Maximum discount (₹)').fill('500')
  await page.getByLabel('Minimum subtotal (₹)').fill('999')
  const validFrom = page.getByLabel('Valid from')
  const validUntil = page.getByLabel('Valid until')
  await validFrom.fill('2031-01-01T00:00')
  await validUntil.fill('2030-12-31T23:59')
  await expect(validUntil).toHaveAccessibleDescription(/Must be after the start/)
  await validFrom.fill('')
  await expect(validUntil).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Usage limit').fill('5')
  await page.getByRole('button', { name: 'Create coupon' }).click()
  await expect(page.getByText('Coupon created')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/coupons$/)

  const until = await page.evaluate(() => new Date('2030-12-31T23:59').getTime())
  const created = await fetchCoupon(request, token, code)
  expect(created).toMatchObject({
    code,
    kind: 'percent',
    value: 10,
    maxDiscount: 500,
    minSubtotal: 999,
    validFrom: null,
    usageLimit: 5,
    active: true,
  })
  expect(Date.parse(created!.validUntil!)).toBe(until)

  const row = couponRow(page, code)
  await expect(row).toContainText('10% (max ₹500.00)')
  await expect(row).toContainText(inr(999))
  await expect(row).toContainText('Until 31 Dec 2030, 11:59 pm')
  await expect(row).toContainText('0 / 5')
  await expect(row).toContainText('Active')

  // The same code again is refused at the Code field.
  await page.getByRole('link', { name: '+ Add Coupon' }).click()
  await page.getByLabel('Code').fill(code)
  await page.getByLabel('Percentage').fill('5')
  await page.getByRole('button', { name: 'Create coupon' }).click()
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(new RegExp(`A coupon with the code ${code} exists already`))
  await page.getByRole('link', { name: 'Cancel' }).click()

  await couponRow(page, code).getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/coupons/edit/${code}$`))
  await expect(page.getByLabel('Code')).toHaveValue(code)
  await expect(page.getByLabel('Code')).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Valid until')).toHaveValue('2030-12-31T23:59')
  await page.getByLabel('Discount type').selectOption({ label: 'Flat amount off' })
  await expect(page.getByLabel('Maximum discount (₹)')).toHaveCount(0)
  await page.getByLabel('Amount (₹)').fill('100')
  await page.getByRole('checkbox', { name: 'Active' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Coupon updated')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/coupons$/)

  const updated = await fetchCoupon(request, token, code)
  expect(updated).toMatchObject({ code, kind: 'flat', value: 100, maxDiscount: null, active: false, usageLimit: 5 })
  expect(Date.parse(updated!.validUntil!)).toBe(until)
  await expect(couponRow(page, code)).toContainText('₹100.00 off')
  await expect(couponRow(page, code)).toContainText('Inactive')

  await couponRow(page, code).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' })
  await expect(dialog).toContainText(`Are you sure you want to delete the coupon ${code}?`)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Coupon deleted')).toBeVisible()
  await expect(couponRow(page, code)).toHaveCount(0)
  expect(await fetchCoupon(request, token, code)).toBeNull()
})

test("an admin sets a product's HSN code and GST rate in the product form and sees them after a reload", async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const shop = await shopInfo(request)
  const rate = shop.gstSlabs.find((slab) => slab !== shop.defaultGstRate && slab > 0)!
  const category = await createCategory(request, token, `Biscuits ${tag}`)
  const product = await createProduct(request, token, {
    title: `Nankhatai ${tag}`,
    company: `Irani Bakery ${tag}`,
    description: 'Cardamom shortbread, 250 g.',
    sellingPrice: 180,
    price: 200,
    stock: 12,
    category: category.name,
  })

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/products/create')
  await expect(page.getByLabel('GST rate')).toHaveValue(String(shop.defaultGstRate))

  await page.goto(`/admin/products/edit/${product._id}`)
  const hsn = page.getByLabel('HSN code')
  const gstRate = page.getByLabel('GST rate')
  await expect(hsn).toHaveValue('')
  await expect(gstRate).toHaveValue(String(shop.defaultGstRate))
  await hsn.fill('19A5')
  await expect(hsn).toHaveAccessibleDescription(/Enter 4 to 8 digits, or leave it empty/)
  await hsn.fill('19059020')
  await expect(hsn).not.toHaveAttribute('aria-invalid', 'true')
  await gstRate.selectOption({ label: `${rate}%` })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product updated')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products$/)

  expect(await fetchProduct(request, product._id)).toMatchObject({ hsn: '19059020', gstRate: rate })
  await page.goto(`/admin/products/edit/${product._id}`)
  await page.reload()
  await expect(page.getByLabel('HSN code')).toHaveValue('19059020')
  await expect(page.getByLabel('GST rate')).toHaveValue(String(rate))

  await page.goto(`/admin/products?q=${encodeURIComponent(product.title)}`)
  await expect(page.getByRole('row', { name: new RegExp(product.title) })).toContainText(`GST ${rate}% · HSN 19059020`)
})

test('an admin marks an order delivered, sees its invoice number and downloads the tax invoice', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const shop = await shopInfo(request)
  expect(shop.gstin).toBe('29AAFCW4821K1ZX')
  const category = await createCategory(request, token, `Cake Tins ${tag}`)
  const product = await createProduct(request, token, {
    title: `Springform Tin ${tag}`,
    company: `Tinware ${tag}`,
    description: 'Nine-inch springform tin.',
    sellingPrice: 500,
    price: 650,
    stock: 10,
    category: category.name,
  })
  const taxed = await request.patch(`/api/v1/products/${product._id}`, {
    headers: bearer(token),
    multipart: { hsn: '73239390', gstRate: '18' },
  })
  expect(taxed.status(), await taxed.text()).toBe(200)

  // A business customer orders from Maharashtra (another state than the shop's): IGST.
  const customer = newCustomer('Kiran')
  const registered = await request.post('/api/v1/auth/register', { data: customer })
  expect(registered.status()).toBe(201)
  const { jwt } = (await registered.json()) as { jwt: string }
  const name = `Kiran ${tag}`
  const placed = await request.post('/api/v1/orders', {
    headers: { ...bearer(jwt), 'Idempotency-Key': crypto.randomUUID() },
    data: {
      data: {
        name,
        address: '7 Linking Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        company: customer.company,
        gstin: '27AAPFU0939F1ZV',
        cartItems: [{ productId: product._id, amount: 1, price: 500, name: product.title, image: '' }],
      },
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const { order } = (await placed.json()) as OrderEnvelope
  expect(order).toMatchObject({ igstTotal: 76.27, buyerGstin: '27AAPFU0939F1ZV' })
  expect(order.invoiceNumber ?? null).toBeNull()

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/orders')
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order._id}$`))

  const totals = page.getByRole('group', { name: 'Order totals' })
  await expect(totals.getByLabel('Place of supply')).toHaveText('Maharashtra (27)')
  await expect(totals.getByLabel('IGST')).toHaveText(inr(76.27))
  await expect(totals.getByLabel('Taxable value')).toHaveText(inr(423.73))
  await expect(totals.getByLabel('CGST')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Order items' })).toContainText('GST 18% · HSN 73239390')
  await expect(page.getByText('Issued when the order is first marked shipped or delivered.')).toBeVisible()

  await page.getByLabel('Status').selectOption({ label: 'Delivered' })
  await expect(page.getByLabel('Status')).toHaveAccessibleDescription(/Saving issues the tax invoice/)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/orders$/)

  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name: 'Edit' }).click()
  const documents = page.getByRole('region', { name: 'Tax documents' })
  await expect(documents).toContainText(/WSK\/\d{2}-\d{2}\/\d{5}/)
  await expect(documents).toContainText('27AAPFU0939F1ZV')
  const invoiceNumber = (await documents.textContent())!.match(/WSK\/\d{2}-\d{2}\/\d{5}/)![0]
  // Invoiced: the items and the buyer are fixed now; the status can still change.
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '')
  await expect(page.getByText(`Tax invoice ${invoiceNumber} has been issued`)).toBeVisible()

  const downloading = page.waitForEvent('download')
  await documents.getByRole('button', { name: 'Download tax invoice' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`invoice-${order.orderId}.pdf`)
  await expect(page.getByText('Invoice downloaded successfully')).toBeVisible()
  const text = execFileSync('pdftotext', [await download.path(), '-']).toString('utf8')
  for (const expected of ['Tax Invoice', '29AAFCW4821K1ZX', '27AAPFU0939F1ZV', '73239390', '₹76.27']) {
    expect(text, `the invoice text has ${expected}`).toContain(expected)
  }
})

test('an order invoiced while its edit screen is open refuses the changed items with the server message, then locks', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Moulds ${tag}`)
  const product = await createProduct(request, token, {
    title: `Silicone Mould ${tag}`,
    company: `Mouldcraft ${tag}`,
    description: 'Six-cavity silicone mould.',
    sellingPrice: 350,
    price: 400,
    stock: 20,
    category: category.name,
  })
  const customer = newCustomer('Devi')
  const registered = await request.post('/api/v1/auth/register', { data: customer })
  expect(registered.status()).toBe(201)
  const { user } = (await registered.json()) as UserWithToken
  const name = `Devi ${tag}`
  const created = await request.post('/api/v1/orders', {
    headers: bearer(token),
    data: {
      data: {
        userId: user._id,
        name,
        address: '3 Anna Salai',
        city: 'Chennai',
        state: 'Tamil Nadu',
        cartItems: [{ productId: product._id, amount: 1, price: 350, name: product.title, image: '' }],
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { order } = (await created.json()) as OrderEnvelope

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto(`/admin/orders/edit/${order._id}`)
  await page.getByLabel(`Quantity of ${product.title}`).fill('3')
  await expect(page.getByRole('group', { name: 'Order totals' }).getByLabel('Total', { exact: true })).toHaveText(inr(1050))

  // Another admin ships it meanwhile: the invoice is issued.
  const shipped = await request.patch(`/api/v1/orders/${order._id}`, { headers: bearer(token), data: { status: 'shipped' } })
  expect(shipped.status(), await shipped.text()).toBe(200)

  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /Tax invoice WSK\/\d{2}-\d{2}\/\d{5} has been issued for this order/ })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order._id}$`))
  // The screen fetched the order again: it shows what was invoiced, and only the status can change.
  await expect(page.getByRole('region', { name: 'Tax documents' })).toContainText(/WSK\/\d{2}-\d{2}\/\d{5}/)
  await expect(page.getByLabel(`Quantity of ${product.title}`)).toHaveCount(0)
  // As invoiced: one mould and ₹49 delivery (₹350 is below the free-delivery threshold).
  await expect(page.getByRole('group', { name: 'Order totals' }).getByLabel('Delivery', { exact: true })).toHaveText(inr(49))
  await expect(page.getByRole('group', { name: 'Order totals' }).getByLabel('Total', { exact: true })).toHaveText(inr(399))
  await expect(page.getByLabel('Status')).toHaveValue('shipped')
  await page.getByLabel('Status').selectOption('delivered')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  const saved = await request.get(`/api/v1/orders/${order._id}`, { headers: bearer(token) })
  expect(((await saved.json()) as OrderEnvelope).order).toMatchObject({
    status: 'delivered',
    numItemsInCart: 1,
  })
})
