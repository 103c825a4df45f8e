import { test as base } from '@playwright/test'

/**
 * Playwright's `test` whose `page.goto` also waits until the app has taken over a prerendered
 * shell (`#root` loses `data-shell`). A shell's forms work before the app does, natively, so a
 * test that typed into one right after the load event would race the app's start: its submit
 * could be the browser's own, without the app's extra query values. `first-paint.spec.ts`, which
 * looks at the shells themselves, keeps the plain `test`.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await page.locator('#root:not([data-shell])').waitFor({ state: 'attached' })
      return response
    }
    await use(page)
  },
})
