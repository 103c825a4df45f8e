import { expect, type Page } from '@playwright/test'
import { test } from './support/test'
import { createCategory, createProduct, deliveryFor, inr, pngFile, seedToken, uniqueTag } from './support/catalog'

/** The header's bag link, named after its count. */
function bagLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ })
}

/** The value the cart totals show for `label` (Subtotal, Delivery, Taxable value, CGST, SGST, Total). */
function total(page: Page, label: string) {
  return page.getByRole('region', { name: 'Cart totals' }).locator(`dt:text-is("${label}") + dd`)
}

async function expectTotals(page: Page, subtotal: number) {
  await expect(total(page, 'Subtotal')).toHaveText(inr(subtotal))
  const delivery = deliveryFor(subtotal)
  await expect(total(page, 'Delivery')).toHaveText(delivery === 0 ? 'Free' : inr(delivery))
  // Signed out, the GST is worked out for the shop's own state: CGST and SGST, no IGST.
  await expect(total(page, 'Taxable value')).toBeVisible()
  await expect(total(page, 'CGST')).toBeVisible()
  await expect(total(page, 'SGST')).toBeVisible()
  await expect(total(page, 'IGST')).toHaveCount(0)
  // The order total is the subtotal plus delivery, GST included.
  await expect(total(page, 'Total')).toHaveText(inr(subtotal + delivery))
  await expect(page.getByRole('region', { name: 'Cart totals' })).toContainText('Inclusive of all taxes')
}

test('the bag takes amounts from the product page, recalculates, survives a reload and empties', async ({
  page,
  request,
}) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Cart Shelf ${tag}`)
  const flour = await createProduct(request, token, {
    title: `Pastry Flour ${tag}`,
    company: `Millstone ${tag}`,
    description: 'Soft wheat flour for flaky pastry.',
    sellingPrice: 249.5,
    price: 275,
    stock: 50,
    category: category.name,
    images: [pngFile('flour.png', [230, 220, 190])],
  })
  const tin = await createProduct(request, token, {
    title: `Tart Tin ${tag}`,
    company: `Sugarcraft ${tag}`,
    description: 'Fluted tart tin with a loose base.',
    sellingPrice: 1099,
    price: 1299,
    stock: 50,
    category: category.name,
    images: [pngFile('tin.png', [120, 120, 130])],
  })

  await page.goto(`/products/${flour._id}`)
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 0 items')
  await page.getByRole('main').getByLabel('Amount').selectOption('3')
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(page.getByText('Item added to cart')).toBeVisible()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 3 items')
  await expect(bagLink(page)).toHaveText('3')

  await page.goto(`/products/${tin._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tin.title)
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 4 items')

  await bagLink(page).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart')
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')
  await expect(lines.getByRole('heading', { level: 2 })).toHaveText([flour.title, tin.title])
  const flourLine = lines.filter({ hasText: flour.title })
  const tinLine = lines.filter({ hasText: tin.title })
  await expect(flourLine.getByLabel('Amount')).toHaveValue('3')
  await expect(flourLine).toContainText(`Price ${inr(249.5)}`)
  await expect(flourLine).toContainText(flour.company)
  await expect(tinLine.getByLabel('Amount')).toHaveValue('1')
  await expectTotals(page, 3 * 249.5 + 1099)
  // Signed out, the way on is to sign in.
  await expect(page.getByRole('link', { name: 'please login' })).toHaveAttribute('href', '/login')

  // A line's amount may go up to five more than it is now.
  await expect(flourLine.getByLabel('Amount').locator('option')).toHaveText(['1', '2', '3', '4', '5', '6', '7', '8'])
  await flourLine.getByLabel('Amount').selectOption('5')
  await expect(page.getByText('Cart updated')).toBeVisible()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 6 items')
  await expectTotals(page, 5 * 249.5 + 1099)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart')
  await expect(lines).toHaveCount(2)
  await expect(flourLine.getByLabel('Amount')).toHaveValue('5')
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 6 items')
  await expectTotals(page, 5 * 249.5 + 1099)
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('whisk.cart.v1') ?? 'null'))
  expect(stored).toMatchObject({ numItemsInCart: 6, cartTotal: 2346.5, orderTotal: 2346.5 })

  await tinLine.getByRole('button', { name: `Remove ${tin.title}` }).click()
  await expect(page.getByText('Item removed from cart')).toBeVisible()
  await expect(lines).toHaveCount(1)
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 5 items')
  await expectTotals(page, 5 * 249.5)

  await flourLine.getByRole('button', { name: `Remove ${flour.title}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty')
  await expect(page.getByRole('region', { name: 'Cart totals' })).toHaveCount(0)
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 0 items')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty')
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 0 items')
})

test('adding the same product again adds to its line', async ({ page, request }) => {
  const tag = uniqueTag()
  const token = await seedToken(request)
  const category = await createCategory(request, token, `Cart Shelf ${tag}`)
  const sugar = await createProduct(request, token, {
    title: `Icing Sugar ${tag}`,
    company: `Sugarcraft ${tag}`,
    description: 'Fine icing sugar.',
    sellingPrice: 85.25,
    price: 90,
    stock: 50,
    category: category.name,
  })

  await page.goto(`/products/${sugar._id}`)
  await page.getByRole('main').getByLabel('Amount').selectOption('2')
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 2 items')
  await page.getByRole('main').getByLabel('Amount').selectOption('4')
  await page.getByRole('button', { name: 'Add to bag' }).click()
  await expect(bagLink(page)).toHaveAccessibleName('Cart, 6 items')

  await page.goto('/cart')
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')
  await expect(lines).toHaveCount(1)
  await expect(lines.getByLabel('Amount')).toHaveValue('6')
  await expectTotals(page, 6 * 85.25)
})
