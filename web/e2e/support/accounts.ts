import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import type { UserWithToken } from '../../src/lib/api-schemas'

/** The superadmin the harness's server bootstraps (see playwright.config.ts). */
export const BOOTSTRAP_ADMIN = { email: 'admin@whisk.example', password: 'whisk-e2e-admin' }

let counter = 0
/** A customer no other test uses: unique e-mail and mobile. */
export function newCustomer(prefix: string) {
  counter += 1
  const stamp = `${Date.now() % 100000}${counter}`
  return {
    username: `${prefix} Baker`,
    email: `${prefix.toLowerCase()}-${stamp}@example.in`,
    password: 'flour-and-sugar-42',
    mobile: `9${stamp.padStart(9, '1').slice(-9)}`,
    address: '14 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    company: 'Home Bakes',
  }
}

export type Customer = ReturnType<typeof newCustomer>

/** Registers a customer through the API (for tests whose subject is not registration). */
export async function registerByApi(request: APIRequestContext, customer: Customer) {
  const response = await request.post('/api/v1/auth/register', { data: customer })
  expect(response.status()).toBe(201)
  return (await response.json()) as UserWithToken
}

/** An admin token from the API. */
export async function adminToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/authadmin/login', { data: { identifier: email, password } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { jwt: string }).jwt
}

/** The newest OTP e-mailed to `email`, read from the server's outbox. */
export async function otpFromOutbox(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = readdirSync(outbox, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(outbox, entry.name))
      .map((file) => ({ file, text: readFileSync(file, 'utf8'), time: statSync(file).mtimeMs }))
      .filter((mail) => mail.text.includes(`To: ${email}`))
      .sort((a, b) => b.time - a.time)
    const match = mails[0]?.text.match(/reset code is (\d{6})/)
    if (match?.[1]) return match[1]
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no OTP mail for ${email} in ${outbox}`)
}

/** Signs a customer in through the login page. */
export async function loginAs(page: Page, identifier: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email or mobile').fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs an admin in through the admin login page. */
export async function adminLoginAs(page: Page, email: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}
