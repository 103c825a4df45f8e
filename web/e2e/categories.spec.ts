import { expect } from '@playwright/test'
import { test } from './support/test'
import { adminLoginAs, BOOTSTRAP_ADMIN } from './support/accounts'

test('an admin creates, renames and deletes a category, and duplicate names are refused', async ({ page }) => {
  const name = `Cake Toppers ${Date.now() % 100000}`
  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/category')
  await page.getByRole('link', { name: '+ Add category' }).click()
  await expect(page).toHaveURL(/\/admin\/category\/create$/)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('Edible and paper toppers for birthday cakes')
  await page.getByRole('button', { name: 'Create category' }).click()
  await expect(page.getByText('Category created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/category$/)
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Edible and paper toppers')

  await page.goto('/admin/category/create')
  await page.getByLabel('Name').fill(name.toUpperCase())
  await page.getByRole('button', { name: 'Create category' }).click()
  await expect(page.getByText('A category with this name already exists').first()).toBeVisible()

  await page.goto('/admin/category')
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await page.getByLabel('Name').fill(`${name} & Picks`)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('category updated')).toBeVisible()
  const renamed = page.getByRole('row', { name: new RegExp(`${name} & Picks`) })
  await expect(renamed).toBeVisible()

  await renamed.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Category deleted')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
})
