import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { test } from './support/test'
import type { CategoryList } from '../src/lib/api-schemas'
import { adminLoginAs, BOOTSTRAP_ADMIN, newCustomer } from './support/accounts'
import {
  createCategory,
  createProduct,
  fetchProduct,
  inr,
  pngFile,
  searchProducts,
  seedToken,
  uniqueTag,
} from './support/catalog'

/** Waits until an <img> has loaded a real picture. */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0)
}

/** The back-office products table narrowed to `q` with its search box. */
async function searchAdminProducts(page: Page, q: string) {
  await page.goto('/admin/products')
  await page.getByLabel('Search products').fill(q)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === q)
}

/** The back-office categories page (10 a page, by name) that lists `name`. */
async function categoryPage(request: APIRequestContext, token: string, name: string) {
  const response = await request.get('/api/v1/categories?page=1&limit=1000', {
    headers: { Authorization: `Bearer ${token}` },
  })
  const names = ((await response.json()) as CategoryList).data.map((category) => category.name)
  expect(names).toContain(name)
  return Math.floor(names.indexOf(name) / 10) + 1
}

test('an admin creates a product with two images, sees it in both shops, then clears an image', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Piping Tips ${tag}`)
  const title = `Russian Piping Nozzles ${tag}`

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/products/create')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Company').fill(`Sugarcraft ${tag}`)
  await page.getByLabel('Description').fill('Twelve stainless steel nozzles for buttercream flowers.')
  await page.getByLabel('Selling Price').fill('749.50')
  await page.getByLabel('Price', { exact: true }).fill('999')
  await page.getByLabel('Stock').fill('25')
  await page.getByLabel('Category').selectOption(category.name)
  await page.getByLabel('Image 1').setInputFiles(pngFile('nozzles-front.png', [200, 60, 60], 64))
  await page.getByLabel('Image 2').setInputFiles(pngFile('nozzles-box.png', [60, 60, 200], 48))
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Product created')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products$/)

  const [saved, ...others] = await searchProducts(request, title)
  expect(others).toHaveLength(0)
  expect(saved).toMatchObject({
    title,
    company: `Sugarcraft ${tag}`,
    description: 'Twelve stainless steel nozzles for buttercream flowers.',
    sellingPrice: 749.5,
    price: 999,
    stock: 25,
    featured: false,
    category: { name: category.name },
    image3: null,
  })
  const product = saved!
  expect(product.image1?.url).toBeTruthy()
  expect(product.image2?.url).toBeTruthy()

  await searchAdminProducts(page, title)
  const row = page.getByRole('row', { name: new RegExp(title) })
  await expect(row).toContainText(inr(749.5))
  await expect(row).toContainText(inr(999))
  await expect(row).toContainText(category.name)
  const thumbnails = row.getByRole('img', { name: new RegExp(`^Image \\d of ${title}$`) })
  await expect(thumbnails).toHaveCount(2)
  await expectLoaded(thumbnails.nth(0))
  await expectLoaded(thumbnails.nth(1))

  await page.goto('/products')
  const filters = page.getByRole('search', { name: 'Filter products' })
  await filters.getByLabel('Search product').fill(title)
  await filters.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 product', { exact: true })).toBeVisible()
  const card = page.getByRole('list', { name: 'Products' }).getByRole('link', { name: new RegExp(title) })
  await expect(card).toContainText(inr(749.5))
  await expectLoaded(card.getByRole('img', { name: title }))

  await page.goto(`/admin/products/edit/${product._id}`)
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByText('Click an image or empty box to add/replace.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Replace image 2' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear image 2' }).click()
  await expect(page.getByText('Removed on submit')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add image 2' })).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product updated')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products$/)

  const updated = await fetchProduct(request, product._id)
  expect(updated?.image2).toBeNull()
  expect(updated?.image1).toEqual(product.image1)
  expect(updated).toMatchObject({ title, sellingPrice: 749.5, price: 999, stock: 25, featured: false })
  expect((await request.get(product.image2!.url)).status()).toBe(404)
  expect((await request.get(product.image2!.thumbnail)).status()).toBe(404)
  expect((await request.get(product.image1!.url)).status()).toBe(200)

  await searchAdminProducts(page, title)
  await expect(
    page.getByRole('row', { name: new RegExp(title) }).getByRole('img', { name: new RegExp(`of ${title}$`) }),
  ).toHaveCount(1)
})

test('a list price below the selling price is refused and creates nothing', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Cake Boards ${tag}`)
  const title = `Gold Cake Board ${tag}`

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/products/create')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Company').fill(`Boardwala ${tag}`)
  await page.getByLabel('Selling Price').fill('500')
  await page.getByLabel('Price', { exact: true }).fill('400')
  await page.getByLabel('Stock').fill('10')
  await page.getByLabel('Category').selectOption(category.name)
  await page.getByRole('button', { name: 'Create product' }).click()

  const price = page.getByLabel('Price', { exact: true })
  await expect(price).toHaveAttribute('aria-invalid', 'true')
  await expect(price).toHaveAccessibleDescription('the list price cannot be below the selling price')
  await expect(page).toHaveURL(/\/admin\/products\/create$/)
  await expect(page.getByText('Product created')).toHaveCount(0)
  expect(await searchProducts(request, title)).toHaveLength(0)
})

test('a category in use cannot be deleted; deleting its product from the list frees it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Cake Candles ${tag}`, 'Spiral and number candles')
  const product = await createProduct(request, token, {
    title: `Spiral Candles ${tag}`,
    company: `Glow ${tag}`,
    description: 'Twelve spiral candles.',
    sellingPrice: 60,
    price: 75,
    stock: 100,
    category: category.name,
    images: [pngFile('candles.png', [250, 200, 40])],
  })

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  const listPage = await categoryPage(request, token, category.name)
  await page.goto(`/admin/category?page=${listPage}`)
  const categoryRow = page.getByRole('row', { name: new RegExp(category.name) })
  await categoryRow.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('1 product uses this category; move them to another category first')).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(categoryRow).toBeVisible()
  const stillThere = await request.get(`/api/v1/categories/${category._id}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(stillThere.status()).toBe(200)

  await searchAdminProducts(page, product.title)
  const productRow = page.getByRole('row', { name: new RegExp(product.title) })
  await productRow.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' })
  await expect(dialog).toContainText(`Are you sure you want to delete ${product.title}?`)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Product deleted')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(product.title) })).toHaveCount(0)
  await expect(page.getByText('No products found.')).toBeVisible()
  expect(await fetchProduct(request, product._id)).toBeNull()
  expect((await request.get(product.image1!.url)).status()).toBe(404)

  await page.goto(`/admin/category?page=${await categoryPage(request, token, category.name)}`)
  await page.getByRole('row', { name: new RegExp(category.name) }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Category deleted')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(category.name) })).toHaveCount(0)
})

test('units ordered while an admin has the edit form open stay taken when the form is saved', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Sprinkles ${tag}`)
  const product = await createProduct(request, token, {
    title: `Rainbow Sprinkles ${tag}`,
    company: `Sprinkle Co ${tag}`,
    description: 'Vermicelli sprinkles, 100 g.',
    sellingPrice: 120,
    price: 150,
    stock: 20,
    category: category.name,
  })
  const customer = newCustomer('Meera')
  const registered = await request.post('/api/v1/auth/register', { data: customer })
  expect(registered.status()).toBe(201)
  const { jwt } = (await registered.json()) as { jwt: string }
  async function order(amount: number) {
    const placed = await request.post('/api/v1/orders', {
      data: {
        data: {
          name: customer.username,
          address: customer.address,
          city: customer.city,
          state: customer.state,
          company: customer.company,
          cartItems: [{ productId: product._id, amount, price: 120, name: product.title, image: '' }],
        },
      },
      headers: { Authorization: `Bearer ${jwt}` },
    })
    expect(placed.status(), await placed.text()).toBe(201)
  }

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto(`/admin/products/edit/${product._id}`)
  await expect(page.getByLabel('Stock')).toHaveValue('20')
  await order(3)
  await page.getByLabel('Description').fill('Vermicelli sprinkles, 100 g jar.')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product updated')).toBeVisible()
  expect(await fetchProduct(request, product._id)).toMatchObject({ stock: 17, description: 'Vermicelli sprinkles, 100 g jar.' })

  await page.goto(`/admin/products/edit/${product._id}`)
  await expect(page.getByLabel('Stock')).toHaveValue('17')
  await order(2)
  await page.getByLabel('Stock').fill('30')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Product updated')).toBeVisible()
  expect((await fetchProduct(request, product._id))?.stock, '13 received on top of the 15 left').toBe(28)
})
