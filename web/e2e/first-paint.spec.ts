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

/**
 * Holds back the requests to URLs matching `pattern` until the returned function is called. The
 * app's scripts are held rather than failed: a script that fails to load makes
 * public/boot-fallback.js replace the page with "Whisk couldn't start" (pricing-unavailable.spec).
 */
async function holdRequests(page: Page, pattern: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** The page's layout shifts so far, added up as CLS adds them. */
function layoutShiftSoFar(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) total += (entry as PerformanceEntry & { value: number }).value
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 250)
      }),
  )
}

test('the home page paints its header and headline from the HTML, and the app takes it over in place', async ({
  page,
}) => {
  const releaseScripts = await holdRequests(page, '**/assets/*.js')
  // The API too, so that the app's first render is still loading, like the shell, when it draws over it.
  const releaseApi = await holdRequests(page, '**/api/**')
  await page.goto('/', { waitUntil: 'commit' })

  const root = page.locator('#root')
  await expect(root).toHaveAttribute('data-shell', '')
  await expect(page.getByRole('heading', { level: 1, name: 'Unleash your culinary creativity' })).toBeVisible()
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Whisk', exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
  await expect(page).toHaveTitle('Baking supplies for home bakers · Whisk')

  releaseScripts()
  await expect(root).not.toHaveAttribute('data-shell')
  await expect(page.getByRole('banner')).toHaveCount(1)
  await expect(page.getByRole('contentinfo')).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unleash your culinary creativity')
  expect(await layoutShiftSoFar(page), 'the app drew over the shell without moving it').toBe(0)
  releaseApi()

  await page.getByRole('main').getByRole('link', { name: 'Browse products' }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products')
})

test('the listing paints its header and placeholder grid from the HTML, then the app shows the products', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Shell Shelf ${tag}`)
  await createProduct(request, token, {
    title: `Semolina ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Fine semolina.',
    sellingPrice: 95,
    price: 110,
    stock: 4,
    category: category.name,
  })
  const releaseScripts = await holdRequests(page, '**/assets/*.js')
  await page.goto('/products', { waitUntil: 'commit' })

  await expect(page.locator('#root')).toHaveAttribute('data-shell', '')
  await expect(page.getByRole('banner').getByRole('search', { name: 'Site' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  const placeholders = page.getByRole('main').locator('[data-slot="skeleton"]')
  await expect(placeholders.first()).toBeVisible()
  expect(await placeholders.count()).toBeGreaterThanOrEqual(6 * 4)

  releaseScripts()
  await expect(page.locator('#root')).not.toHaveAttribute('data-shell')
  await expect(page.getByRole('banner')).toHaveCount(1)
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).fill(tag)
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { name: `Semolina ${tag}` })).toBeVisible()
  await expect(placeholders).toHaveCount(0)
})

test('what a shopper types and presses in the shell before the app starts is carried into the app', async ({ page }) => {
  const releaseScripts = await holdRequests(page, '**/assets/*.js')
  await page.goto('/products', { waitUntil: 'commit' })
  await expect(page.locator('#root')).toHaveAttribute('data-shell', '')

  const headerSearch = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })
  await headerSearch.fill('rye flour')
  const filters = page.getByRole('search', { name: 'Filter products' })
  await filters.getByRole('combobox', { name: 'Sort by' }).selectOption('z-a')
  await page.getByRole('button', { name: 'Toggle theme' }).first().click()
  await headerSearch.focus()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'winter')

  releaseScripts()
  await expect(page.locator('#root')).not.toHaveAttribute('data-shell')
  await expect(headerSearch).toHaveValue('rye flour')
  await expect(headerSearch).toBeFocused()
  await expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveValue('z-a')
  await expect(page.locator('html'), 'the theme button pressed in the shell took effect').toHaveAttribute(
    'data-theme',
    'dracula',
  )
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]search=rye(\+|%20)flour/)
})

test('the cart paints from the HTML when empty, and with lines saved shows nothing it would take back', async ({
  page,
  request,
}) => {
  let releaseScripts = await holdRequests(page, '**/assets/*.js')
  await page.goto('/cart', { waitUntil: 'commit' })
  const root = page.locator('#root')
  await expect(root).toHaveAttribute('data-shell', '')
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  releaseScripts()
  await expect(root).not.toHaveAttribute('data-shell')
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible()
  expect(await layoutShiftSoFar(page), 'the app drew over the empty cart without moving it').toBe(0)

  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Cart Shell ${tag}`)
  const product = await createProduct(request, token, {
    title: `Cake Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Soft wheat.',
    sellingPrice: 120,
    price: 140,
    stock: 5,
    category: category.name,
  })
  await page.unrouteAll()
  await page.goto(`/products/${product._id}`)
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 1 item')

  releaseScripts = await holdRequests(page, '**/assets/*.js')
  await page.goto('/cart', { waitUntil: 'commit' })
  await expect(root).toHaveAttribute('data-shell', '')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 }), 'the shell does not say the cart is empty').toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('banner').locator('[data-cart-count]'), 'nor that it holds 0 items').toBeHidden()
  releaseScripts()
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  await expect(page.getByRole('main').getByText(`Cake Flour ${tag}`)).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('banner').locator('[data-cart-count]')).toHaveText('1')
})

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
