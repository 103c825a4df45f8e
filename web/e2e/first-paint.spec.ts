import { expect, type Page, test } from '@playwright/test'
import { createCategory, createProduct, inr, seedToken, uniqueTag } from './support/catalog'

/** The header's bag link, named after its count. */
function bagLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ })
}

/**
 * Holds back the pricing wasm until the returned function is called: the storefront must draw
 * from server data without it, and do the cart math once it arrives.
 */
async function holdPricingWasm(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const asked: string[] = []
  await page.route('**/*.wasm', async (route) => {
    asked.push(route.request().url())
    await released
    await route.continue()
  })
  return { release, asked }
}

test('the storefront shows products and prices before the pricing wasm arrives, and the cart works once it does', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Paint Shelf ${tag}`)
  const product = await createProduct(request, token, {
    title: `Rye Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Dark rye.',
    sellingPrice: 1234.5,
    price: 1500,
    stock: 9,
    category: category.name,
  })
  const wasm = await holdPricingWasm(page)

  await page.goto(`/products?search=${encodeURIComponent(tag)}`)
  await expect(page.getByRole('heading', { name: `Rye Flour ${tag}` })).toBeVisible()
  await expect(page.getByRole('main').getByText(inr(1234.5))).toBeVisible()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 0 items')

  await page.goto(`/products/${product._id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Rye Flour ${tag}` })).toBeVisible()
  await expect(page.getByRole('main').getByText(inr(1234.5))).toBeVisible()
  await expect(page.getByRole('main').getByLabel('Amount')).toHaveValue('1')
  expect(wasm.asked.length, 'the product page asked for the wasm (its amount choices need it)').toBeGreaterThan(0)

  wasm.release()
  await page.getByRole('main').getByLabel('Amount').selectOption('3')
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 3 items')
  await page.goto('/cart')
  await expect(page.getByRole('region', { name: 'Cart totals' }).locator('dt:text-is("Total") + dd')).toHaveText(
    inr(3 * 1234.5),
  )
})
