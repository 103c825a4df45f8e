import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { test } from './support/test'

import type { Product } from '../src/lib/api-schemas'
import { createCategory, createProduct, inr, pngFile, seedToken, uniqueTag } from './support/catalog'

// One discounted product and one at its MRP, seeded once; their names carry a tag no other test uses.
const tag = uniqueTag()
let discounted: Product
let atMrp: Product

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Piping ${tag}`)
  const seed = { company: `Nozzle Works ${tag}`, stock: 12, category: category.name }
  discounted = await createProduct(request, token, {
    ...seed,
    title: `Open Star Nozzle ${tag}`,
    description: 'A stainless steel open star nozzle for rosettes and shells.',
    price: 1199,
    sellingPrice: 899,
    images: [pngFile('nozzle.png', [200, 120, 60])],
  })
  atMrp = await createProduct(request, token, {
    ...seed,
    title: `Coupler Set ${tag}`,
    description: 'Two couplers.',
    price: 150,
    sellingPrice: 150,
  })
  await request.dispose()
})

/** The listing card of `product`: the link that holds its heading. */
function card(page: Page, product: Product) {
  return page.getByRole('list', { name: 'Products' }).getByRole('link', { name: new RegExp(product.title) })
}

test('the header search finds a product, whose card shows the struck MRP and the discount', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })
  await search.fill(`Nozzle Works ${tag}`)
  await search.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname === '/products' && url.searchParams.get('search') === `Nozzle Works ${tag}`)
  await expect(page).toHaveTitle(`Search: Nozzle Works ${tag} · Whisk`)
  await expect(search).toHaveValue(`Nozzle Works ${tag}`)

  const offer = card(page, discounted)
  await expect(offer.getByText(inr(899), { exact: true })).toBeVisible()
  const mrp = offer.locator('s')
  await expect(mrp).toHaveText(`Original price ${inr(1199)}`)
  await expect(mrp).toHaveCSS('text-decoration-line', 'line-through')
  await expect(offer.getByText('25% off', { exact: true })).toBeVisible()

  const plain = card(page, atMrp)
  await expect(plain.getByText(inr(150), { exact: true })).toBeVisible()
  await expect(plain.locator('s')).toHaveCount(0)
  await expect(plain.getByText(/% off/)).toHaveCount(0)

  await offer.click()
  await expect(page).toHaveTitle(`${discounted.title} · Whisk`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    `${discounted.title} by Nozzle Works ${tag}. A stainless steel open star nozzle for rosettes and shells.`,
  )
  const main = page.getByRole('main')
  await expect(main.getByText('25% off', { exact: true })).toBeVisible()
  await expect(main.getByText('Inclusive of all taxes')).toBeVisible()
})

test('a blank header search goes nowhere', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).press('Enter')
  await expect(page).toHaveURL(/\/about$/)
})

test('on a 375 px phone the filters are folded behind a button that opens them, and the grid has two columns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/products?search=${encodeURIComponent(tag)}`)
  const filters = page.getByRole('search', { name: 'Filter products' })
  const toggle = page.getByRole('button', { name: 'Filters' })
  await expect(filters).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  await expect(cards).toHaveCount(2)
  const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()])
  expect(first?.y, 'the two cards share a row').toBe(second?.y)

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(filters).toBeVisible()
  await expect(filters.getByText('Any price', { exact: true })).toBeVisible()
  await expect(filters.getByRole('slider', { name: 'Select price' })).toHaveAttribute('aria-valuetext', 'Any price')
  await filters.getByLabel('Search product').fill(discounted.title)
  await filters.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(cards).toHaveCount(1)
  await expect(filters, 'a submitted search folds the panel away again').toBeHidden()
  await toggle.click()
  await expect(filters.getByText(inr(10000), { exact: true })).toBeVisible()
})

for (const theme of ['winter', 'dracula'] as const) {
  test(`the listing and a product page have no serious accessibility violations in ${theme}`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('whisk.theme.v1', JSON.stringify(chosen)), theme)
    const pages = [`/products?search=${encodeURIComponent(tag)}`, `/products/${discounted._id}`]
    for (const path of pages) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByText(inr(899), { exact: true }).first()).toBeVisible()
      const { violations } = await new AxeBuilder({ page }).analyze()
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
      expect(serious, `${path} in ${theme}`).toEqual([])
    }
  })
}
