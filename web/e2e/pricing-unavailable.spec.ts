import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test as plainTest } from '@playwright/test'
import { test } from './support/test'

import type { Product } from '../src/lib/api-schemas'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

// When the pricing wasm cannot be downloaded, every page still renders and says so, with a way
// to try again that works once the connection is back; a page whose chunk did not download, or an
// app that could not start, says so with a reload instead of a blank page.

const tag = uniqueTag()
let product: Product

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Outage Shelf ${tag}`)
  product = await createProduct(request, token, {
    title: `Cake Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Fine, soft flour for sponges.',
    sellingPrice: 345.5,
    price: 400,
    stock: 20,
    category: category.name,
  })
  await request.dispose()
})

/**
 * Fails every request for `pattern` (as a dropped connection would) until `unblock` is called;
 * `failed` counts the requests it failed.
 */
async function block(page: Page, pattern: RegExp) {
  let blocked = true
  let failed = 0
  await page.route(pattern, (route) => {
    if (!blocked) return route.continue()
    failed += 1
    return route.abort('internetdisconnected')
  })
  return {
    unblock: () => {
      blocked = false
    },
    failed: () => failed,
  }
}

/** Puts the product in the bag while the pricing wasm still loads, and returns the cart's totals. */
async function cartWithTheProduct(page: Page) {
  await page.goto(`/products/${product._id}`)
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  return page.getByRole('region', { name: 'Cart totals' })
}

async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious, what).toEqual([])
}

test('the cart says its totals cannot be worked out without the pricing wasm, and shows them after Try again', async ({
  page,
}) => {
  const totals = await cartWithTheProduct(page)
  const wasm = await block(page, /\.wasm$/)
  await page.goto('/cart')

  // The page is there: the line with its price (from the server), the totals saying what is wrong.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart')
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(inr(345.5))
  const alert = totals.getByRole('alert')
  await expect(alert).toContainText('We couldn’t load our price calculator. Check your connection and try again.')
  await expect(totals.locator('dt:text-is("Total") + dd')).toHaveText('—unavailable')
  await expect(totals.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0)

  // Still offline: Try again asks for the wasm again, fails again, and the notice stays.
  const failedBefore = wasm.failed()
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect.poll(wasm.failed).toBe(failedBefore + 1)
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible()

  wasm.unblock()
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(totals.locator('dt:text-is("Subtotal") + dd')).toHaveText(inr(345.5))
  await expect(totals.locator('dt:text-is("Total") + dd')).toHaveText(/^₹[\d,]+\.\d\d$/)
  await expect(totals.getByRole('alert')).toHaveCount(0)
  // The amount select offers every amount again.
  await expect(page.getByRole('list', { name: 'Cart items' }).getByLabel('Amount').locator('option')).not.toHaveCount(1)
})

test('a page that needs the pricing wasm explains the failure, and Try again shows the page once it loads', async ({
  page,
}) => {
  const wasm = await block(page, /\.wasm$/)
  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prices can’t be worked out right now')
  await expect(page.getByRole('main')).toContainText('We couldn’t load our price calculator.')
  await expect(page).toHaveTitle('Prices unavailable · Whisk')

  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'It still didn’t load' })).toBeVisible()

  wasm.unblock()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('a page whose chunk did not download says so and reloads', async ({ page }) => {
  const chunk = await block(page, /\/assets\/later-pages-[^/]*\.js$/)
  await page.goto('/')
  await page.getByRole('link', { name: 'About', exact: true }).filter({ visible: true }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page couldn’t be loaded')
  chunk.unblock()
  await page.getByRole('button', { name: 'Reload page' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Whisk')
})

// The plain `test`: this app never takes over its shell, which is what the page shows.
plainTest('an app that cannot start says so with a reload instead of a blank page', async ({ page }) => {
  const app = await block(page, /\/assets\/index-[^/]*\.js$/)
  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whisk couldn’t start')
  app.unblock()
  await page.getByRole('button', { name: 'Reload page' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty')
})

for (const theme of ['winter', 'dracula'] as const) {
  test(`the pricing error states have no serious accessibility violations in ${theme}`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('whisk.theme.v1', JSON.stringify(chosen)), theme)
    await cartWithTheProduct(page)
    await block(page, /\.wasm$/)

    await page.goto('/cart')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expect(page.getByRole('region', { name: 'Cart totals' }).getByRole('alert')).toBeVisible()
    await expectNoSeriousViolations(page, `/cart in ${theme}`)

    await page.goto('/checkout')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prices can’t be worked out right now')
    await expectNoSeriousViolations(page, `/checkout in ${theme}`)
  })
}
