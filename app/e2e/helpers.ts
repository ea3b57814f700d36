// Shared helpers for the browser journeys (scripts/e2e.ts passes E2E_BASE_URL).
import { mkdirSync } from 'node:fs'
import { expect as playwrightExpect } from '@playwright/test'
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core'

/**
 * The journeys' `expect`: Playwright's, whose locator assertions (`toHaveText`, `toHaveCount`,
 * `toBeVisible`, …) and `expect.poll` retry until they hold. Its timeout only bounds a failure and
 * is sized for a busy 2-core machine; on plain values it is the usual synchronous `expect`.
 */
export const expect = playwrightExpect.configure({ timeout: 60_000 })

/**
 * A browser context whose actions, navigations and `waitFor`s wait up to 60 s, as `expect` does
 * (Playwright's default, 30 s, is short for a busy 2-core machine); only a failure waits so long.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  context.setDefaultTimeout(60_000)
  return context
}

export const base = process.env.E2E_BASE_URL ?? 'http://localhost:3998'
export const shots = 'artifacts/e2e'
mkdirSync(shots, { recursive: true })

export const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** A fresh context (its own cookies) with window.print stubbed to count calls. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await newContext(browser, { viewport })
  const page = await context.newPage()
  await page.addInitScript(() => {
    ;(window as unknown as { __printed: number }).__printed = 0
    window.print = () => {
      ;(window as unknown as { __printed: number }).__printed++
    }
  })
  return page
}

/**
 * On the landing page, Sign In until the development provider's form shows: a click before the
 * page hydrates can be lost, so it is clicked again while the form is not there.
 */
export async function openProviderForm(page: Page) {
  const field = page.locator('input[name="email"]')
  await expect(async () => {
    if (!(await field.isVisible()))
      await page.getByRole('button', { name: 'Sign In' }).first().click()
    await expect(field).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 60_000 })
}

/** From the landing page to the development provider's form, filled in; not yet sent. */
export async function fillSignIn(page: Page, email: string, name: string, origin = base) {
  await page.goto(`${origin}/`)
  await openProviderForm(page)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="name"]').fill(name)
}

/** Landing → Sign In → development provider form (email, name) → /auth/callback → /dashboard. */
export async function signIn(page: Page, email: string, name = 'Exec Tester', origin = base) {
  await fillSignIn(page, email, name, origin)
  await Promise.all([
    page.waitForURL(`${origin}/dashboard`),
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

/**
 * A full-page screenshot into artifacts/e2e/ of a screen worth a look, kept with E2E_SHOTS=1 (a
 * full-page screenshot is a second of a busy machine); `failed` screens are always kept.
 */
export async function shot(page: Page, name: string, failed = false) {
  if (!failed && process.env.E2E_SHOTS !== '1') return
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true }).catch(() => {})
}

/** Runs a journey; on failure screenshots every open page of the browser as `{name}-FAILED`. */
export async function journey(browser: Browser, name: string, fn: () => Promise<void>) {
  try {
    await fn()
  } catch (error) {
    let i = 0
    for (const context of browser.contexts()) {
      for (const page of context.pages()) await shot(page, `${name}-FAILED-${i++}`, true)
    }
    throw error
  } finally {
    for (const context of browser.contexts()) await context.close().catch(() => {})
  }
}

/**
 * A fresh context signed in as a new user (e-mail from `prefix`) who has skipped the first-run
 * tour, on /dashboard with its heading drawn.
 */
export async function signedInPage(
  browser: Browser,
  prefix: string,
  viewport?: { width: number; height: number },
) {
  const page = await newPage(browser, viewport)
  await signInTourSkipped(page, unique(prefix))
  return page
}

/**
 * `page` signed in as `email` who has skipped the first-run tour (what `signIn` then `skipTour`
 * leave), on /dashboard with its heading drawn.
 */
export async function signInTourSkipped(
  page: Page,
  email: string,
  name = 'Exec Tester',
  origin = base,
) {
  await signInByApi(page, email, { name, origin, tourSkipped: true })
  // The page's heading: at any width (the sidebar's navigation is hidden on a phone).
  await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor()
}

/**
 * The development sign-in's three requests made from the page's context (its cookies), then
 * /dashboard: the same session as `signIn`, without loading the landing page and the provider's
 * form first. For journeys about something else; smoke, core-journeys and deep-link sign in
 * through the pages.
 */
export async function signInByApi(
  page: Page,
  email: string,
  { name = 'Exec Tester', origin = base, tourSkipped = false } = {},
) {
  const request = page.context().request
  const start = await request.get(`${origin}/api/oauth/google/redirect_url`)
  const { redirectUrl } = (await start.json()) as { redirectUrl: string }
  const form = await request.post(redirectUrl, { form: { email, name }, maxRedirects: 0 })
  const callback = new URL(form.headers().location ?? '', origin)
  const session = await request.post(`${origin}/api/sessions`, {
    headers: { origin },
    data: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  })
  if (!session.ok()) throw new Error(`sign-in failed: ${session.status()} ${await session.text()}`)
  if (tourSkipped) {
    // What 'Skip for now' stores (app/src/state/onboarding.ts): the tour does not open.
    const skipped = await request.put(`${origin}/api/user-settings`, {
      headers: { origin },
      data: { onboarding_complete: true },
    })
    if (!skipped.ok()) throw new Error(`skipping the tour failed: ${skipped.status()}`)
  }
  await page.goto(`${origin}/dashboard`)
}

/**
 * One journey of a file that shares a signed-in page: on success its final screen is saved as
 * `{name}.png`, on failure every open page as `{name}-FAILED-{i}.png`. Nothing is closed.
 */
export async function step(page: Page, name: string, fn: () => Promise<void>) {
  try {
    await fn()
  } catch (error) {
    let i = 0
    for (const context of page.context().browser()?.contexts() ?? [page.context()]) {
      for (const open of context.pages()) await shot(open, `${name}-FAILED-${i++}`, true)
    }
    throw error
  }
  await shot(page, name)
}

/** Waits for a toast whose message is exactly `text`. */
export function toast(page: Page, text: string) {
  return page.locator('.cad-toast__message').getByText(text, { exact: true }).first().waitFor()
}

/**
 * Opens search with Ctrl+/ and returns its input. A press before the signed-in layout listens is
 * lost, so it is pressed again while no search dialog is in the page (opening is idempotent; once
 * the dialog is there a press would mean something else to it), then the input is awaited.
 */
export async function openSearch(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Search' })
  await expect(async () => {
    if (!(await dialog.count())) await page.keyboard.press('Control+/')
    await expect(dialog).toBeAttached({ timeout: 1000 })
  }).toPass({ timeout: 60_000 })
  const input = page.getByPlaceholder('Search everything...')
  await input.waitFor()
  return input
}

/**
 * A real mouse drag from the centre of `from` to the centre of `to` (plus `dy`): press, move past
 * dnd-kit's 8 px activation distance, then travel in small steps and release.
 */
export async function drag(page: Page, from: Locator, to: Locator, dy = 0) {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('drag: an element is not visible')
  const x = a.x + a.width / 2
  const y = a.y + a.height / 2
  // dnd-kit announces each step in a live region: wait for it to pick the item up after the
  // 8 px activation ("Picked up", or already where it is over), then for a new announcement once
  // the pointer is over the target, so a busy page loses no move.
  const said = () => page.locator('[aria-live]').allTextContents()
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + Math.sign(b.y - a.y || 1) * 12, { steps: 4 })
  await expect
    .poll(async () => (await said()).some((t) => /Picked up| is over | moved to position/.test(t)))
    .toBe(true)
  const picked = await said()
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + dy, { steps: 20 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + dy + 1, { steps: 2 })
  await expect.poll(said).not.toEqual(picked)
  await page.mouse.up()
}

/**
 * A server of the test's own (own port, own fresh database, same app build and env), for
 * journeys that stop it. `stop()` kills it; `baseUrl` and `dbPath` are its own.
 */
export async function startOwnServer() {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const root = join(import.meta.dir, '..', '..')
  const dir = mkdtempSync(join(tmpdir(), 'cadence-e2e-own-'))
  const port = (() => {
    // A port free now, chosen by the OS (a random pick can collide: EADDRINUSE).
    const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const free = probe.port as number
    probe.stop(true)
    return free
  })()
  const baseUrl = `http://localhost:${port}`
  const dbPath = join(dir, 'own.db')
  const server = Bun.spawn(['bun', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      PUBLIC_URL: baseUrl,
    },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  // Polled until it answers; the deadline only bounds a failure (a busy machine is slow).
  let up = false
  const deadline = Date.now() + 120_000
  while (!up && Date.now() < deadline && server.exitCode === null) {
    up = await fetch(`${baseUrl}/api/users/me`).then(
      (res) => res.status === 401 || res.ok,
      () => false,
    )
    if (!up) await Bun.sleep(100)
  }
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    server.kill()
    await server.exited
  }
  if (!up) {
    await stop()
    throw new Error(`own server did not start on ${baseUrl}`)
  }
  return {
    baseUrl,
    dbPath,
    stop,
    /** Stops the server and removes its database. */
    dispose: async () => {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Picks `option` in a design-system select (Radix) with the keyboard: open, arrow to it, Enter.
 * (Inside a dialog the list opens under the dialog's overlay, so a pointer cannot reach it yet.)
 */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await select.focus()
  await page.keyboard.press('Enter')
  const target = page.getByRole('option', { name: option, exact: true })
  await target.waitFor()
  const options = page.getByRole('option')
  const names = await options.allTextContents()
  const want = names.findIndex((n) => n.trim() === option)
  const highlighted = () =>
    options.evaluateAll((list) => list.findIndex((o) => o.hasAttribute('data-highlighted')))
  for (let i = 0; i < 20 && (await target.getAttribute('data-highlighted')) === null; i++) {
    const at = await highlighted()
    await page.keyboard.press(at >= 0 && want < at ? 'ArrowUp' : 'ArrowDown')
    // One step at a time: wait for the highlight to move before the next key.
    await page.waitForFunction(
      (from) =>
        [...document.querySelectorAll('[role="option"]')].findIndex((o) =>
          o.hasAttribute('data-highlighted'),
        ) !== from,
      at,
    )
  }
  await page.keyboard.press('Enter')
  await target.waitFor({ state: 'detached' })
  // Radix gives focus back to the trigger after the list closes; on a busy machine that can land
  // after the next step has focused another field, and that field's Enter then reopens the list.
  const trigger = await select.elementHandle()
  await page.waitForFunction((el) => el === document.activeElement, trigger)
  await trigger?.dispose()
}

/** YYYY-MM-DD of this week's Monday (the default week start). */
export function monday() {
  const d = new Date()
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7))
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
