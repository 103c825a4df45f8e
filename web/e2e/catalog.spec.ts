import { expect, type Page } from '@playwright/test'
import { test } from './support/test'
import type { Product } from '../src/lib/api-schemas'
import { createCategory, createProduct, inr, pngFile, seedToken, uniqueTag } from './support/catalog'

// Every test of this file browses the same 14 products, seeded once through the API. Their names
// carry a tag no other test uses, so searching the tag shows exactly these products.
const tag = uniqueTag()
const FLOURS = `Flours ${tag}`
const MOULDS = `Moulds ${tag}`
const TOPPERS = `Toppers ${tag}`
const MILLSTONE = `Millstone ${tag}`
const SUGARCRAFT = `Sugarcraft ${tag}`

const SEED = [
  { name: 'Almond Flour', company: MILLSTONE, category: FLOURS, sellingPrice: 450, price: 520 },
  { name: 'Bread Flour', company: MILLSTONE, category: FLOURS, sellingPrice: 120, price: 150 },
  { name: 'Rice Flour', company: MILLSTONE, category: FLOURS, sellingPrice: 95, price: 110 },
  { name: 'Whole Wheat Atta', company: MILLSTONE, category: FLOURS, sellingPrice: 310, price: 350 },
  { name: 'Fine Semolina', company: MILLSTONE, category: FLOURS, sellingPrice: 80, price: 99 },
  { name: 'Silicone Bundt Mould', company: SUGARCRAFT, category: MOULDS, sellingPrice: 899, price: 1199 },
  { name: 'Springform Pan', company: SUGARCRAFT, category: MOULDS, sellingPrice: 1249, price: 1499.5 },
  { name: 'Cupcake Tray', company: MILLSTONE, category: MOULDS, sellingPrice: 649, price: 799 },
  { name: 'Loaf Tin', company: MILLSTONE, category: MOULDS, sellingPrice: 549, price: 600 },
  { name: 'Gold Sprinkles', company: SUGARCRAFT, category: TOPPERS, sellingPrice: 199, price: 249 },
  { name: 'Fondant Roses', company: SUGARCRAFT, category: TOPPERS, sellingPrice: 349, price: 399 },
  { name: 'Edible Glitter', company: SUGARCRAFT, category: TOPPERS, sellingPrice: 159, price: 199 },
  { name: 'Happy Birthday Topper', company: SUGARCRAFT, category: TOPPERS, sellingPrice: 99.5, price: 129 },
  { name: 'Chocolate Curls', company: MILLSTONE, category: TOPPERS, sellingPrice: 300, price: 330 },
].map((product) => ({ ...product, title: `${product.name} ${tag}` }))

type Seeded = (typeof SEED)[number]

const byTitle = (a: Seeded, b: Seeded) => a.title.toLowerCase().localeCompare(b.title.toLowerCase())
const titles = (products: Seeded[]) => products.map((product) => product.title)
const aToZ = [...SEED].sort(byTitle)
const cheapestFirst = [...SEED].sort((a, b) => a.sellingPrice - b.sellingPrice)

let created: Product[] = []

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const token = await seedToken(request)
  for (const name of [FLOURS, MOULDS, TOPPERS]) await createCategory(request, token, name)
  created = []
  for (const [index, product] of SEED.entries()) {
    created.push(
      await createProduct(request, token, {
        title: product.title,
        company: product.company,
        description: `${product.name}, packed fresh for home bakers. Batch ${index + 1}.`,
        sellingPrice: product.sellingPrice,
        price: product.price,
        stock: 40,
        category: product.category,
        images: [pngFile(`product-${index + 1}.png`, [40 + index * 12, 120, 200 - index * 9])],
      }),
    )
  }
  await request.dispose()
})

function filterForm(page: Page) {
  return page.getByRole('search', { name: 'Filter products' })
}

/** The product titles the listing shows, in order. */
function shownTitles(page: Page) {
  return page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 })
}

/** The result count label above the listing. */
function countLabel(page: Page) {
  return page.getByText(/^\d+ products?$/)
}

/** Waits until the URL's query has exactly these values (null: the param is absent). */
async function expectQuery(page: Page, expected: Record<string, string | null>) {
  await expect(page).toHaveURL((url) =>
    Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value),
  )
}

/** Moves the price slider to `rupees` with the keyboard: Home is 0, PageUp adds 10, arrows 1. */
async function setPrice(page: Page, rupees: number) {
  const thumb = filterForm(page).getByRole('slider', { name: 'Select price' })
  await thumb.focus()
  await thumb.press('Home')
  for (let step = 0; step < Math.floor(rupees / 10); step += 1) await thumb.press('PageUp')
  for (let step = 0; step < rupees % 10; step += 1) await thumb.press('ArrowRight')
  await expect(thumb).toHaveAttribute('aria-valuenow', String(rupees))
  await expect(filterForm(page).getByText(inr(rupees), { exact: true })).toBeVisible()
}

test('the listing counts, pages and sorts the products and toggles grid and list', async ({ page }) => {
  await page.goto('/products')
  const form = filterForm(page)
  await form.getByLabel('Search product').fill(tag)
  await form.getByRole('button', { name: 'Search', exact: true }).click()
  await expectQuery(page, { search: tag, category: 'all', company: 'all', order: 'a-z', price: '10000', page: null })
  await expect(countLabel(page)).toHaveText('14 products')
  await expect(shownTitles(page)).toHaveText(titles(aToZ.slice(0, 10)))

  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pagination.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page')
  await pagination.getByRole('link', { name: '2', exact: true }).click()
  await expectQuery(page, { search: tag, order: 'a-z', page: '2' })
  await expect(shownTitles(page)).toHaveText(titles(aToZ.slice(10)))
  await expect(pagination.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(countLabel(page)).toHaveText('14 products')
  // Next from the last page wraps to the first, Prev from the first to the last.
  await pagination.getByRole('link', { name: 'Next' }).click()
  await expectQuery(page, { search: tag, page: '1' })
  await expect(shownTitles(page)).toHaveText(titles(aToZ.slice(0, 10)))
  await pagination.getByRole('link', { name: 'Prev' }).click()
  await expectQuery(page, { search: tag, page: '2' })
  await expect(shownTitles(page)).toHaveText(titles(aToZ.slice(10)))

  const sorts = [
    ['z-a', [...aToZ].reverse()],
    ['high', [...cheapestFirst].reverse()],
    ['low', cheapestFirst],
  ] as const
  for (const [order, expected] of sorts) {
    await form.getByLabel('Sort by').selectOption(order)
    await form.getByRole('button', { name: 'Search', exact: true }).click()
    await expectQuery(page, { search: tag, order, page: null })
    await expect(shownTitles(page)).toHaveText(titles(expected.slice(0, 10)))
  }
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click()
  await expectQuery(page, { order: 'low', page: '2' })
  await expect(shownTitles(page)).toHaveText(titles(cheapestFirst.slice(10)))

  // Grid by default: cards side by side. The list view puts one product under the other.
  const layout = page.getByRole('group', { name: 'Layout' })
  const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  const tops = async () => Promise.all([0, 1].map(async (index) => (await items.nth(index).boundingBox())?.y))
  await expect(layout.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(async () => new Set(await tops()).size).toBe(1)
  await layout.getByRole('button', { name: 'List view' }).click()
  await expectQuery(page, { layout: 'list', order: 'low', page: '2' })
  await expect(layout.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true')
  await expect(layout.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(async () => new Set(await tops()).size).toBe(2)
  await expect(shownTitles(page)).toHaveText(titles(cheapestFirst.slice(10)))
  await layout.getByRole('button', { name: 'Grid view' }).click()
  await expectQuery(page, { layout: null, order: 'low', page: '2' })
  await expect.poll(async () => new Set(await tops()).size).toBe(1)
})

test('search, category, company and price each narrow the listing, and a reload keeps them', async ({ page }) => {
  await page.goto('/products')
  const form = filterForm(page)
  const submit = () => form.getByRole('button', { name: 'Search', exact: true }).click()

  await form.getByLabel('Search product').fill(`flour ${tag}`)
  await submit()
  await expectQuery(page, { search: `flour ${tag}` })
  await expect(countLabel(page)).toHaveText('3 products')
  await expect(shownTitles(page)).toHaveText([`Almond Flour ${tag}`, `Bread Flour ${tag}`, `Rice Flour ${tag}`])

  await form.getByLabel('Search product').fill(tag)
  await form.getByLabel('Select category').selectOption(MOULDS)
  await submit()
  await expectQuery(page, { search: tag, category: MOULDS, company: 'all' })
  await expect(countLabel(page)).toHaveText('4 products')
  await expect(shownTitles(page)).toHaveText(titles(aToZ.filter((product) => product.category === MOULDS)))

  await form.getByLabel('Select category').selectOption('all')
  await form.getByLabel('Select company').selectOption(SUGARCRAFT)
  await submit()
  await expectQuery(page, { search: tag, category: 'all', company: SUGARCRAFT })
  await expect(countLabel(page)).toHaveText('6 products')
  await expect(shownTitles(page)).toHaveText(titles(aToZ.filter((product) => product.company === SUGARCRAFT)))

  // The price is the highest selling price shown, inclusive: Chocolate Curls costs exactly 300.
  await form.getByLabel('Select company').selectOption('all')
  await setPrice(page, 300)
  await submit()
  await expectQuery(page, { search: tag, company: 'all', price: '300' })
  const affordable = aToZ.filter((product) => product.sellingPrice <= 300)
  expect(affordable).toHaveLength(7)
  await expect(countLabel(page)).toHaveText('7 products')
  await expect(shownTitles(page)).toHaveText(titles(affordable))
  await expect(page.getByRole('list', { name: 'Products' })).toContainText(inr(300))

  // All of them at once leave one product, and the label turns singular.
  await form.getByLabel('Select category').selectOption(MOULDS)
  await form.getByLabel('Select company').selectOption(MILLSTONE)
  await form.getByLabel('Sort by').selectOption('high')
  await setPrice(page, 600)
  await submit()
  await expectQuery(page, { search: tag, category: MOULDS, company: MILLSTONE, order: 'high', price: '600' })
  await expect(countLabel(page)).toHaveText('1 product')
  await expect(shownTitles(page)).toHaveText([`Loaf Tin ${tag}`])

  const filteredUrl = page.url()
  await page.reload()
  expect(page.url()).toBe(filteredUrl)
  await expect(countLabel(page)).toHaveText('1 product')
  await expect(shownTitles(page)).toHaveText([`Loaf Tin ${tag}`])
  await expect(form.getByLabel('Search product')).toHaveValue(tag)
  await expect(form.getByLabel('Select category')).toHaveValue(MOULDS)
  await expect(form.getByLabel('Select company')).toHaveValue(MILLSTONE)
  await expect(form.getByLabel('Sort by')).toHaveValue('high')
  await expect(form.getByRole('slider', { name: 'Select price' })).toHaveAttribute('aria-valuenow', '600')
  await expect(form.getByText(inr(600), { exact: true })).toBeVisible()

  await form.getByLabel('Search product').fill(`no such thing ${tag}`)
  await submit()
  await expect(countLabel(page)).toHaveText('0 products')
  await expect(page.getByText('Sorry, no products matched your search...')).toBeVisible()

  await form.getByRole('link', { name: 'Reset' }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(form.getByLabel('Search product')).toHaveValue('')
  await expect(form.getByLabel('Select category')).toHaveValue('all')
})

test('a product opens on its own page with breadcrumb, prices, description and amount', async ({ page }) => {
  const springform = created.find((product) => product.title === `Springform Pan ${tag}`)
  expect(springform).toBeDefined()
  await page.goto(`/products?search=${encodeURIComponent(tag)}&order=high`)
  await page.getByRole('link', { name: new RegExp(`Springform Pan ${tag}`) }).click()
  await expect(page).toHaveURL(new RegExp(`/products/${springform?._id}$`))

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Products'])
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  await expect(breadcrumb.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products')

  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Springform Pan ${tag}`)
  await expect(main.getByText(SUGARCRAFT, { exact: true })).toBeVisible()
  const struck = main.locator('s')
  await expect(struck).toHaveText(`Original price ${inr(1499.5)}`)
  await expect(struck).toHaveCSS('text-decoration-line', 'line-through')
  await expect(main.getByText(`Selling price ${inr(1249)}`, { exact: true })).toBeVisible()
  await expect(main.getByText('Springform Pan, packed fresh for home bakers. Batch 7.')).toBeVisible()

  const amount = main.getByLabel('Amount')
  await expect(amount).toHaveValue('1')
  await expect(amount.locator('option')).toHaveText(Array.from({ length: 20 }, (_, index) => String(index + 1)))
  await expect(main.getByRole('button', { name: 'Add to bag' })).toBeEnabled()

  const picture = main.getByRole('img', { name: `Springform Pan ${tag}` })
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

  await breadcrumb.getByRole('link', { name: 'Products' }).click()
  await expect(page).toHaveURL(/\/products$/)
})
