import { expect } from '@playwright/test'
import { test } from './support/test'

import { adminToken, BOOTSTRAP_ADMIN } from './support/accounts'

test('the home page shows the header, the headline and the footer', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: /whisk/i }).first()).toBeVisible()
  await expect(header.getByRole('link', { name: 'Products' }).first()).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Create Account' })).toBeVisible()
  // Checkout and orders are for signed-in customers only.
  await expect(header.getByRole('link', { name: 'Checkout' })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Orders' })).toHaveCount(0)

  await expect(page.getByRole('heading', { level: 1 })).toContainText(/culinary creativity/i)
  await page.getByRole('main').getByRole('link', { name: /products/i }).first().click()
  await expect(page).toHaveURL(/\/products$/)

  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('Mon-Sat 9:00 AM - 9:00 PM')
  await expect(footer).toContainText('@')
})

test('the theme toggle survives a reload', async ({ page }) => {
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-theme', 'winter')
  await page.getByRole('button', { name: 'Toggle theme' }).first().click()
  await expect(html).toHaveAttribute('data-theme', 'dracula')
  await page.reload()
  await expect(html).toHaveAttribute('data-theme', 'dracula')
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(background).not.toBe('rgb(255, 255, 255)')
  await page.getByRole('button', { name: 'Toggle theme' }).first().click()
  await expect(html).toHaveAttribute('data-theme', 'winter')
})

test('the 404 page says so and goes back home to the right login', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByText('page not found')).toBeVisible()
  await expect(page.getByText('Sorry, we couldn’t find the page you’re looking for.')).toBeVisible()
  await page.getByRole('link', { name: 'go back home' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto('/admin/no/such/page')
  await expect(page.getByText('page not found')).toBeVisible()
  await page.getByRole('link', { name: 'go back home' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('the admin shell is guarded', async ({ page }) => {
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByText('You must be an admin to access this page')).toBeVisible()
})

test('the admin shell opens its drawer on a 375 px screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  // The orders screen loads real data, so the stored session needs a real token.
  const token = await adminToken(request, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.addInitScript((jwt) => {
    localStorage.setItem(
      'whisk.admin-session.v1',
      JSON.stringify({
        admin: { _id: 'a1', username: 'Asha', email: 'asha@whisk.example', role: 'superadmin' },
        token: jwt,
      }),
    )
  }, token)
  await page.goto('/admin/orders')
  await expect(page.getByText('ORDERS', { exact: true })).toBeVisible()
  const sidebarLink = page.getByRole('link', { name: 'Category' })
  await expect(sidebarLink).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  for (const section of ['Users', 'Admins', 'Orders', 'Products', 'Category']) {
    await expect(drawer.getByRole('link', { name: section })).toBeVisible()
  }
  await drawer.getByRole('link', { name: 'Category' }).click()
  await expect(page).toHaveURL(/\/admin\/category$/)
  await expect(page.getByText('CATEGORY', { exact: true })).toBeVisible()
})
