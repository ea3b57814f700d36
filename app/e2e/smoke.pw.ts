// Smoke journey in Chromium: sign in through the development provider and reach /dashboard.
// Run everything: `bun scripts/e2e.ts` at the root (builds nothing; run `bun run build` first).
// Against a running server: `E2E_BASE_URL=http://localhost:3998 bun test ./app/e2e/smoke.pw.ts`
// (the ./ prefix makes bun test run a file whose name does not end in .test.ts).
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { expect, newPage } from './helpers'

const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:3998'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser?.close()
})

describe('smoke', () => {
  test('a visitor signs in with the development provider and lands on the dashboard', async () => {
    const page = await newPage(browser)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    await page.goto(`${baseUrl}/`)
    await page.getByRole('button', { name: 'Sign In' }).first().click()
    await page.waitForURL(/\/api\/.*dev/i)
    const email = `smoke-${Date.now()}@example.com`
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="name"]').fill('Smoke Tester')
    await Promise.all([
      page.waitForURL(`${baseUrl}/dashboard`),
      page
        .locator('form')
        .first()
        .evaluate((form: HTMLFormElement) => form.requestSubmit()),
    ])
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    // A first sign-in opens the onboarding tour over the dashboard; skipping it says so.
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await page.getByText('Onboarding tour skipped.', { exact: false }).waitFor()
    await page.getByRole('navigation', { name: 'Main', exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Active Tasks' }).waitFor()

    // The session survives a reload: /dashboard is not bounced back to the landing page.
    await page.reload()
    await page.getByRole('navigation', { name: 'Main', exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    expect(errors).toEqual([])
    await page.close()
  })

  test('the API reference renders from this origin alone, with nothing blocked', async () => {
    const page = await newPage(browser)
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    const foreign: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseUrl).origin) foreign.push(request.url())
    })
    // Drawn is what counts (below), not every subresource loaded.
    await page.goto(`${baseUrl}/api/docs`, { waitUntil: 'commit' })
    await page.getByRole('heading', { name: 'Cadence API', level: 1 }).waitFor()
    // The first tag's operations (the system module's probes) are drawn: the document loaded.
    await page.getByText('/api/health/ready').first().waitFor()
    expect(foreign).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })
})
