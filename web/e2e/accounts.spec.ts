import { expect } from '@playwright/test'
import { test } from './support/test'
import {
  adminLoginAs,
  adminToken,
  BOOTSTRAP_ADMIN,
  loginAs,
  newCustomer,
  otpFromOutbox,
  registerByApi,
} from './support/accounts'

test('a customer registers, signs in, sees the greeting and logs out', async ({ page }) => {
  const customer = newCustomer('Asha')
  await page.goto('/register')
  for (const [label, value] of [
    ['Username', customer.username],
    ['Email', customer.email],
    ['Password', customer.password],
    ['Mobile', customer.mobile],
    ['Address', customer.address],
    ['City', customer.city],
    ['State', customer.state],
    ['Company', customer.company],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value)
  }
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('account created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  await loginAs(page, customer.mobile, customer.password)
  await expect(page.getByText('logged in successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  const header = page.getByRole('banner')
  await expect(header.getByText(`Hello, ${customer.username}`)).toBeVisible()
  await expect(header.getByRole('link', { name: 'Orders' })).toBeVisible()

  await header.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByText('Logged out successfully')).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(header.getByText(`Hello, ${customer.username}`)).toHaveCount(0)
})

test('a wrong password shows the server message', async ({ page, request }) => {
  const customer = newCustomer('Wrong')
  await registerByApi(request, customer)
  await loginAs(page, customer.email, 'not-my-password')
  await expect(page.getByText('Invalid e-mail, mobile number or password')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('a customer resets a forgotten password with the e-mailed OTP and signs in with it', async ({ page, request }) => {
  const customer = newCustomer('Nisha')
  await registerByApi(request, customer)
  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot Password?' }).click()
  await page.getByLabel('Email').fill(customer.email)
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page.getByText('OTP sent!')).toBeVisible()

  const otp = await otpFromOutbox(customer.email)
  await page.getByLabel('OTP').fill(otp)
  await page.getByLabel('New password').fill('a-brand-new-secret')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Password reset successfully')).toBeVisible()
  await expect(page.getByLabel('Email or mobile')).toHaveValue('')

  await page.getByLabel('Email or mobile').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill('a-brand-new-secret')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('banner').getByText(`Hello, ${customer.username}`)).toBeVisible()
})

test('the bootstrap admin creates a staff admin, who cannot delete a user', async ({ page, request }) => {
  const victim = newCustomer('Victim')
  await registerByApi(request, victim)

  await adminLoginAs(page, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  await page.goto('/admin/admins/create')
  const staffEmail = `staff-${Date.now()}@whisk.example`
  await page.getByLabel('Username').fill('Shift Staff')
  await page.getByLabel('Email').fill(staffEmail)
  await page.getByLabel('Password', { exact: true }).fill('staff-password-1')
  await page.getByRole('button', { name: 'Create admin' }).click()
  await expect(page.getByText('Admin created')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/admins$/)
  const row = page.getByRole('row', { name: new RegExp(staffEmail) })
  await expect(row.getByText('staff', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await adminLoginAs(page, staffEmail, 'staff-password-1')
  await page.goto(`/admin/users?q=${encodeURIComponent(victim.email)}`)
  const victimRow = page.getByRole('row', { name: new RegExp(victim.email) })
  await expect(victimRow).toBeVisible()
  await victimRow.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleting needs the admin or superadmin role')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(victim.email) })).toBeVisible()
})

test('an inactive user cannot sign in', async ({ page, request }) => {
  const customer = newCustomer('Idle')
  const { user } = await registerByApi(request, customer)
  const token = await adminToken(request, BOOTSTRAP_ADMIN.email, BOOTSTRAP_ADMIN.password)
  const response = await request.put(`/api/v1/users/${user._id}`, {
    data: { status: 'inactive' },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)

  await loginAs(page, customer.email, customer.password)
  await expect(page.getByText('This account has been deactivated. Please contact us.')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
})
