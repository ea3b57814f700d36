// Shared helpers for the browser journeys (scripts/e2e.ts passes E2E_BASE_URL).
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'

export const base = process.env.E2E_BASE_URL ?? 'http://localhost:3998'
export const shots = 'artifacts/e2e'
mkdirSync(shots, { recursive: true })

export const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** A fresh context (its own cookies) with window.print stubbed to count calls. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await page.addInitScript(() => {
    ;(window as unknown as { __printed: number }).__printed = 0
    window.print = () => {
      ;(window as unknown as { __printed: number }).__printed++
    }
  })
  return page
}

/** Landing → Sign In → development provider form (email, name) → /auth/callback → /dashboard. */
export async function signIn(page: Page, email: string, name = 'Exec Tester') {
  await page.goto(`${base}/`)
  const field = page.locator('input[name="email"]')
  // A click before the landing page hydrates can be lost: retry until the provider form shows.
  for (let i = 0; i < 5 && !(await field.isVisible()); i++) {
    await page.getByRole('button', { name: 'Sign In' }).first().click()
    await field.waitFor({ timeout: 3000 }).catch(() => {})
  }
  await field.fill(email)
  await page.locator('input[name="name"]').fill(name)
  await Promise.all([
    page.waitForURL(`${base}/dashboard`, { timeout: 15_000 }),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ])
}

/** Skips the onboarding tour shown to a new user. */
export async function skipTour(page: Page) {
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await page.getByText('Onboarding tour skipped.', { exact: false }).waitFor()
}

/** Setup through the API from inside the page: same session, same Origin as the app. */
export function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, json: await res.json().catch(() => null) }
    },
    { method, path, body },
  )
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true }).catch(() => {})
}

/** Runs a journey; on failure screenshots every open page of the browser as `{name}-FAILED`. */
export async function journey(browser: Browser, name: string, fn: () => Promise<void>) {
  try {
    await fn()
  } catch (error) {
    let i = 0
    for (const context of browser.contexts()) {
      for (const page of context.pages()) await shot(page, `${name}-FAILED-${i++}`)
    }
    throw error
  } finally {
    for (const context of browser.contexts()) await context.close().catch(() => {})
  }
}
