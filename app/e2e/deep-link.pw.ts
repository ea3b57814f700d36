// Deep links survive sign-in (issue 46, point 6): a report opened signed out goes to the landing
// page, `/` exactly (the product spec), and after sign-in to that report, not the dashboard; a next that would leave
// the origin is ignored.
import { afterAll, beforeAll, test } from 'bun:test'
import { type Browser, chromium } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  expect,
  journey,
  newPage,
  openProviderForm,
  signIn,
  skipTour,
  unique,
} from './helpers'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser.close()
})

test('a report opened signed out is where sign-in lands', async () => {
  await journey(browser, 'deep-link', async () => {
    const page = await newPage(browser)
    const email = unique('deep-link')
    await signIn(page, email)
    await skipTour(page)
    const report = (
      await api(page, 'POST', '/api/reports', { week_start_date: '2026-06-01', title: 'Deep link' })
    ).json as { uuid: string }
    const path = `/reports/${report.uuid}?tab=questions`
    await page.context().clearCookies()

    await page.goto(`${base}${path}`)
    await page.waitForURL(`${base}/`)
    await openProviderForm(page)
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="name"]').fill('Exec Tester')
    await Promise.all([
      page.waitForURL(`${base}${path}`),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ])
    await page.getByText('Jun 1 - Jun 5, 2026').first().waitFor()
    expect(new URL(page.url()).pathname).toBe(`/reports/${report.uuid}`)
  })
})

test('a next that leaves the origin is ignored: sign-in lands on the dashboard', async () => {
  await journey(browser, 'deep-link-evil', async () => {
    const page = await newPage(browser)
    for (const next of ['//evil.example/x', '/\\evil.example', 'http://evil.example/']) {
      await page.goto(`${base}/?next=${encodeURIComponent(next)}`)
      await openProviderForm(page)
      await page.locator('input[name="email"]').fill(unique('deep-evil'))
      await page.locator('input[name="name"]').fill('Exec Tester')
      await Promise.all([
        page.waitForURL(`${base}/dashboard`),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ])
      await page.context().clearCookies()
    }
  })
})
