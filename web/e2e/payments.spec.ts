import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './support/test'

import { adminLoginAs, BOOTSTRAP_ADMIN, loginAs, newCustomer, registerByApi } from './support/accounts'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

/** A ₹300 product on its own shelf: below the ₹499 free-delivery threshold on its own. */
async function seedProduct(request: APIRequestContext) {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Payment Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Piping Bag Set ${tag}`,
    company: `Sugarcraft ${tag}`,
    description: 'Twelve reusable piping bags.',
    sellingPrice: 300,
    price: 400,
    stock: 30,
    category: category.name,
  })
  return product
}

function totalValue(page: Page, region: 'Cart totals' | 'Order totals', label: string) {
  return page.getByRole('region', { name: region }).locator(`dt:text-is("${label}") + dd`)
}

async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('a UPI order shows its QR code and pay link for the exact amount with delivery, until an admin marks it paid', async ({
  page,
  request,
}) => {
  const product = await seedProduct(request)
  const customer = newCustomer('Nisha')
  await registerByApi(request, customer)
  await loginAs(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/$/)
  await page.goto(`/products/${product._id}`)
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  await page.goto('/checkout')

  const main = page.getByRole('main')
  await expect(totalValue(page, 'Cart totals', 'Delivery')).toHaveText(inr(49))
  await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(349))
  await main.getByLabel('PIN code').fill('560001')
  await main.getByLabel('Phone', { exact: true }).fill('98765 4321')
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(main.getByLabel('Phone', { exact: true })).toBeFocused()
  await expect(main.getByText('Enter a 10-digit mobile number, such as 98765 43210')).toBeVisible()
  await main.getByLabel('Phone', { exact: true }).fill('+91 98765 43219')
  await main.getByRole('radio', { name: /^UPI/ }).check()
  await main.getByRole('button', { name: 'Place your order' }).click()
  await expect(page).toHaveURL(/\/orders$/)

  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: /^View order ORD\d+$/ }).click()
  const pay = page.getByRole('region', { name: `Pay ${inr(349)} by UPI` })
  await expect(pay).toBeVisible()
  const orderNumber = (await page.locator('dt:text-is("Order ID") + dd').textContent()) ?? ''
  await expect(pay.getByRole('img', { name: `UPI QR code to pay ${inr(349)} for order ${orderNumber}` })).toBeVisible()
  const link = await pay.getByRole('link', { name: 'Pay with a UPI app' }).getAttribute('href')
  expect(link).toBe(
    `upi://pay?pa=whisk.demo@upi&pn=Whisk%20Baking%20Supplies&am=349.00&cu=INR&tn=Order%20${orderNumber}&tr=${orderNumber}`,
  )
  await expect(page.locator('dt:text-is("Payment") + dd')).toHaveText('UPIunpaid')
  await expect(page.locator('dt:text-is("Phone") + dd')).toHaveText('9876543219')
  await expect(totalValue(page, 'Order totals', 'Delivery')).toHaveText(inr(49))
  await expect(totalValue(page, 'Order totals', 'Total')).toHaveText(inr(349))
  const orderUrl = page.url()

  // The shop sees the money in its UPI account and marks the order paid.
  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/orders')
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber })
  await expect(row).toContainText('unpaid')
  await expect(row).toContainText('UPI')
  await row.getByRole('link', { name: /Edit/ }).click()
  await expect(page.getByLabel('Payment')).toHaveValue('unpaid')
  await page.getByLabel('Payment').selectOption('paid')
  await expect(page.getByText('Saving moves the order to Paid.')).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Order updated successfully')).toBeVisible()
  await expect(row).toContainText('paid')

  await page.goto(orderUrl)
  await expect(page.locator('dt:text-is("Payment") + dd')).toHaveText('UPIpaid')
  await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('paid')
  await expect(page.getByRole('region', { name: /by UPI/ })).toHaveCount(0)
})

for (const theme of ['winter', 'dracula'] as const) {
  test(`checkout and a UPI order page have no serious accessibility violations in ${theme}`, async ({ page, request }) => {
    await page.addInitScript((chosen) => localStorage.setItem('whisk.theme.v1', JSON.stringify(chosen)), theme)
    const product = await seedProduct(request)
    const customer = newCustomer('Axe')
    await registerByApi(request, customer)
    await loginAs(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/$/)
    await page.goto(`/products/${product._id}`)
    await page.getByRole('button', { name: 'Add to bag' }).click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
    await page.goto('/checkout')
    await expect(totalValue(page, 'Cart totals', 'Total')).toHaveText(inr(349))
    expect(await serious(page), `checkout in ${theme}`).toEqual([])

    const main = page.getByRole('main')
    await main.getByLabel('PIN code').fill('560001')
    await main.getByRole('radio', { name: /^UPI/ }).check()
    await main.getByRole('button', { name: 'Place your order' }).click()
    await expect(page).toHaveURL(/\/orders$/)
    await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: /^View order ORD\d+$/ }).click()
    await expect(page.getByRole('img', { name: /UPI QR code/ })).toBeVisible()
    expect(await serious(page), `order page in ${theme}`).toEqual([])
  })
}
