// The third-party help widget in the app shell: scripts/e2e.ts configures HELP_WIDGET_URL with a
// stand-in script on another origin that records what the app hands it.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, journey, newPage, shot, signIn, skipTour, unique } from './helpers'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser?.close()
})

type Widget = { siteKey: string; userId: string; loads: number; path: string }
const widget = (page: Page) =>
  page.evaluate(() => (window as unknown as { __helpWidget?: Widget }).__helpWidget ?? null)

describe('help widget', () => {
  test('loads with the site key, as No User signed out and user-{id} signed in', async () => {
    await journey(browser, 'help-widget', async () => {
      const page = await newPage(browser)
      await page.goto(`${base}/`)
      await page.waitForFunction(() => '__helpWidget' in window)
      await expect
        .poll(() => widget(page))
        .toEqual({
          siteKey: 'e2e-site-key',
          userId: 'No User',
          loads: 1,
          path: '/',
        })

      await signIn(page, unique('widget'))
      await skipTour(page)
      const me = await api(page, 'GET', '/api/users/me')
      await page.waitForFunction(
        (id) => (window as unknown as { __helpWidget?: Widget }).__helpWidget?.userId === id,
        `user-${me.json.id}`,
      )
      expect((await widget(page))?.siteKey).toBe('e2e-site-key')

      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Sign Out' }).click()
      await page.waitForURL(`${base}/`)
      await page.waitForFunction(
        () => (window as unknown as { __helpWidget?: Widget }).__helpWidget?.userId === 'No User',
      )
      // Loaded once per page load, whatever the sign-ins and sign-outs.
      await expect(page.locator('script#cadence-help-widget')).toHaveCount(1)
      await shot(page, 'help-widget')
    })
  })

  test('never loads on an invitation page; loads on the page the app moves to from there', async () => {
    await journey(browser, 'help-widget-invitation', async () => {
      const exec = await newPage(browser)
      await signIn(exec, unique('widget-exec'))
      await skipTour(exec)
      const email = unique('widget-member')
      const member = await api(exec, 'POST', '/api/team-members', { name: 'Wes', email })
      const invitation = await api(
        exec,
        'POST',
        `/api/team-members/${member.json.uuid}/invitations`,
      )
      await exec.context().close()

      const page = await newPage(browser)
      await signIn(page, email)
      await skipTour(page)
      // A new page load on the invitation: the session and the configuration are known once the
      // accept button shows; the widget's script is not there, and nothing of it ran.
      const config = page.waitForResponse((r) => r.url().endsWith('/api/config'))
      await page.goto(invitation.json.url)
      await page.getByRole('button', { name: 'Accept invitation' }).waitFor()
      await config
      await page.getByRole('button', { name: 'Accept invitation' }).click()
      await page.getByRole('heading', { name: /^You're on .*'s team$/ }).waitFor()
      await expect(page.locator('script#cadence-help-widget')).toHaveCount(0)
      await expect.poll(() => widget(page)).toBeNull()
      // The app moves on: the widget loads there, on that page, for the user.
      await page.getByRole('button', { name: 'Go to dashboard' }).click()
      await page.waitForFunction(() => '__helpWidget' in window)
      expect((await widget(page))?.path).toBe('/dashboard')
      await expect(page.locator('script#cadence-help-widget')).toHaveCount(1)
    })
  })
})
