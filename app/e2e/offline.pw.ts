// Installable and offline, in real Chromium against a built app: install criteria, the signed-in
// app opening offline (a fresh profile, right after the first visit, a new tab, a cold start of
// the installed app, a server out of reach while the browser says it is online), reading with the
// network cut, writes made offline that sync on reconnect (also after a reload while offline), a
// replay the server refuses, and the update prompt.
// Run alone: `APP_DIST=/tmp/my-dist bun scripts/e2e.ts offline` (after building the app there).
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  expect,
  journey,
  newPage,
  shot,
  signIn,
  skipTour,
  startOwnServer,
  unique,
} from './helpers'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser?.close()
})

/** Waits until the service worker controls the page (it claims clients on first install). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null)
}

/** The worker's build id (it answers GET_VERSION). */
function workerVersion(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(event.data.version)
        navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2])
      }),
  )
}

/** A user with a report (a tasks section, two items) and a team member, made through the API. */
async function seed(page: Page) {
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const report = await api(page, 'POST', '/api/reports', {
    week_start_date: '2026-01-05',
    title: 'Offline week',
  })
  expect(report.status).toBe(200)
  const full = await api(page, 'GET', `/api/reports/${report.json.uuid}`)
  const section = full.json.sections.find(
    (s: { section_name: string }) => s.section_name === 'Action Items',
  )
  const items: Record<string, number> = {}
  for (const content of ['Ship the board deck', 'Call the auditors', 'Book the offsite']) {
    const item = await api(page, 'POST', '/api/section-items', {
      section_id: section.id,
      content,
      project_id: null,
    })
    expect(item.status).toBe(200)
    items[content] = item.json.id
  }
  const member = await api(page, 'POST', '/api/team-members', {
    name: 'Dana Ruiz',
    title: 'VP Sales',
    email: 'dana@example.com',
  })
  expect(member.status).toBe(200)
  await api(page, 'POST', `/api/team-members/${member.json.uuid}/talking-points`, {
    content: 'Pipeline review',
  })
  return { reportUuid: report.json.uuid as string, memberUuid: member.json.uuid as string, items }
}

/**
 * The journeys that open several browsers and pages: on a loaded two-core machine they take many
 * times their quiet duration, and a test that times out takes the shared browser down with it.
 * Every step still waits on a condition; this only bounds the whole.
 */
const LONG_JOURNEY = 180_000

const row = (page: Page, text: string) =>
  page.locator('[data-slot="item-row"]', { hasText: text }).first()

/**
 * A browser profile on disk, as an installed app keeps it between starts (a test context is an
 * off-the-record profile that ends with it). `offline`: started with no network.
 */
function openProfile(dir: string, offline = false) {
  return chromium.launchPersistentContext(dir, {
    ...launchOptions,
    viewport: { width: 1280, height: 800 },
    offline,
  })
}

const firstPage = async (context: BrowserContext) => context.pages()[0] ?? context.newPage()

/** Runs `fn` with a fresh profile directory; on failure screenshots the profile's open pages. */
async function withProfile(
  name: string,
  fn: (dir: string, opened: BrowserContext[]) => Promise<void>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'cadence-e2e-profile-'))
  const opened: BrowserContext[] = []
  try {
    await fn(dir, opened)
  } catch (error) {
    let i = 0
    for (const context of opened) {
      for (const page of context.pages()) await shot(page, `${name}-FAILED-${i++}`, true)
    }
    throw error
  } finally {
    for (const context of opened) await context.close().catch(() => {})
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The dashboard of the signed-in app, never the landing page: waits for it, then checks. */
async function signedInDashboard(page: Page, origin = base) {
  await page.getByRole('heading', { name: 'Active Tasks' }).waitFor()
  expect(page.url()).toBe(`${origin}/dashboard`)
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0)
}

describe('installable and offline', () => {
  test('the manifest and the service worker meet the install criteria', async () => {
    await journey(browser, 'offline-install', async () => {
      const page = await newPage(browser)
      await page.goto(`${base}/`)
      await controlled(page)
      const scriptURL = await page.evaluate(
        async () => (await navigator.serviceWorker.ready).active?.scriptURL,
      )
      expect(scriptURL).toBe(`${base}/sw.js`)

      const links = page.locator('link[rel="manifest"]')
      await expect(links).toHaveCount(1)
      const href = await links.getAttribute('href')
      expect(href).toBeTruthy()
      const manifest = await (await fetch(new URL(href as string, base))).json()
      expect(manifest).toMatchObject({
        name: 'Cadence',
        short_name: 'Cadence',
        display: 'standalone',
        start_url: '/dashboard',
      })
      expect(manifest.description).toBeTruthy()
      expect(manifest.theme_color).toMatch(/^#/)
      expect(manifest.background_color).toMatch(/^#/)
      const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) =>
        [i.sizes, i.purpose ?? 'any'].join(' '),
      )
      expect(sizes).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      )
      for (const icon of manifest.icons) {
        const res = await fetch(new URL(icon.src, base))
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toContain('image/png')
      }
      const sw = await fetch(`${base}/sw.js`)
      expect(sw.headers.get('cache-control')).toBe('no-cache')

      // Chromium's own verdict on installability. A test context is an off-the-record profile,
      // which Chromium always reports ('in-incognito'); no other criterion may fail.
      const cdp = await page.context().newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[]
      }
      expect(
        installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
      ).toEqual([])

      // A hard reload bypasses the worker, so the page opens uncontrolled (as one that opened while
      // the first worker was installing can); the page asks the worker to take it over (CLAIM).
      await cdp.send('Page.reload', { ignoreCache: true })
      await page.waitForLoadState('load')
      await controlled(page)
    })
  })

  test(
    'with a session cookie in a fresh profile: an offline reload right after the first visit, a new tab and a cold start of the installed app open the signed-in app from the cache; then a 401 signs out',
    async () => {
      await withProfile('offline-open', async (dir, opened) => {
        // The session is made elsewhere and handed to a fresh profile as its cookie.
        const setup = await newPage(browser)
        await signIn(setup, unique('offline-open'))
        await skipTour(setup)
        const { reportUuid, memberUuid } = await seed(setup)
        const cookies = await setup.context().cookies()
        await setup.context().close()

        const context = await openProfile(dir)
        opened.push(context)
        await context.addCookies(cookies)
        const page = await firstPage(context)
        // The first visit, and as soon as the worker is ready the network goes.
        await page.goto(`${base}/dashboard`)
        await page.getByText('Ship the board deck').first().waitFor()
        await controlled(page)
        await context.setOffline(true)
        await page.reload()
        await signedInDashboard(page)
        await page.getByText('Offline', { exact: true }).waitFor()
        await page.getByText('Ship the board deck').first().waitFor()

        // Online again, a report and a team member page are visited once.
        await context.setOffline(false)
        await page.goto(`${base}/reports/${reportUuid}`)
        await row(page, 'Call the auditors').waitFor()
        await page.goto(`${base}/team-members/${memberUuid}`)
        await page.getByText('Pipeline review').waitFor()

        // Offline, a new tab opens each of them, and `/` leads into the app, not to the landing page.
        await context.setOffline(true)
        const tab = await context.newPage()
        await tab.goto(`${base}/reports/${reportUuid}`)
        await row(tab, 'Book the offsite').waitFor()
        await tab.goto(`${base}/team-members/${memberUuid}`)
        await tab.getByText('Pipeline review').waitFor()
        await tab.goto(`${base}/`)
        await tab.waitForURL(`${base}/dashboard`)
        await signedInDashboard(tab)
        await tab.getByText('Ship the board deck').first().waitFor()

        // The installed app is closed and started again with no network (its start URL).
        await context.close()
        const cold = await openProfile(dir, true)
        opened.push(cold)
        const app = await firstPage(cold)
        await app.goto(`${base}/dashboard`)
        await signedInDashboard(app)
        await app.getByText('Offline', { exact: true }).waitFor()
        await app.getByText('Ship the board deck').first().waitFor()
        await app.goto(`${base}/reports/${reportUuid}`)
        await row(app, 'Ship the board deck').waitFor()
        await app.goto(`${base}/team-members/${memberUuid}`)
        await app.getByText('Pipeline review').waitFor()
        await shot(app, 'offline-cold-start')

        // Back online with the session ended (signed out elsewhere): the server's 401 signs out,
        // and what was cached for the user goes with it.
        await cold.clearCookies()
        await cold.setOffline(false)
        await app.goto(`${base}/dashboard`)
        await app.waitForURL(`${base}/`)
        await app.getByRole('button', { name: 'Sign In' }).first().waitFor()
        await expect
          .poll(() =>
            app.evaluate(async () =>
              (await caches.keys()).filter((name) => name.startsWith('cadence-api-')),
            ),
          )
          .toEqual([])
      })
    },
    LONG_JOURNEY,
  )

  test(
    'signed in through the development provider in a fresh profile, a reload right after the first visit opens the signed-in app when the server is out of reach and the browser still says it is online',
    async () => {
      const own = await startOwnServer()
      try {
        await withProfile('offline-unreachable', async (dir, opened) => {
          const context = await openProfile(dir)
          opened.push(context)
          const page = await firstPage(context)
          await signIn(page, unique('offline-unreachable'), 'Exec Tester', own.baseUrl)
          await skipTour(page)
          await page.getByText('No Active Tasks').waitFor()
          await controlled(page)
          // No network emulation: the server is simply gone (a network with no way out, a server
          // down). Nothing tells the browser it is offline.
          await own.stop()
          await page.reload()
          await signedInDashboard(page, own.baseUrl)
          await page.getByText('No Active Tasks').waitFor()
          await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true)
        })
      } finally {
        await own.dispose()
      }
    },
    LONG_JOURNEY,
  )

  test(
    'after one online visit the dashboard, a report and a team member page open offline; edits made offline sync on reconnect, also after a reload',
    async () => {
      await journey(browser, 'offline-read-write', async () => {
        const page = await newPage(browser)
        await signIn(page, unique('offline'))
        await skipTour(page)
        const { reportUuid, memberUuid, items } = await seed(page)

        // One online visit of each page.
        await page.goto(`${base}/dashboard`)
        await page.getByText('Ship the board deck').first().waitFor()
        await controlled(page)
        await page.goto(`${base}/reports/${reportUuid}`)
        await row(page, 'Ship the board deck').waitFor()
        await page.goto(`${base}/team-members/${memberUuid}`)
        await page.getByText('Pipeline review').waitFor()

        // The network is cut: every page still opens with the last-known data.
        await page.context().setOffline(true)
        // Cut for the worker too: an API answer never fetched before is not there.
        const unseen = await page.evaluate(() =>
          fetch('/api/projects?never-fetched=1').then(
            (res) => `answered ${res.status}`,
            () => 'network error',
          ),
        )
        expect(unseen).toBe('network error')
        await page.goto(`${base}/dashboard`)
        await page.getByText('Offline', { exact: true }).waitFor()
        await page.getByText('Ship the board deck').first().waitFor()
        await page.goto(`${base}/reports/${reportUuid}`)
        await row(page, 'Call the auditors').waitFor()
        await page.goto(`${base}/team-members/${memberUuid}`)
        await page.getByText('Pipeline review').waitFor()

        // Offline: a talking point added, an item completed, an item added and completed.
        await page.getByRole('textbox', { name: 'Content' }).first().fill('Hiring plan for Q3')
        await page.getByRole('button', { name: 'Add', exact: true }).first().click()
        await page.getByText('Hiring plan for Q3').waitFor()
        await page.goto(`${base}/reports/${reportUuid}`)
        await row(page, 'Ship the board deck').getByRole('checkbox').click()
        await page
          .locator('[data-slot="item-row"][data-completed]', { hasText: 'Ship the board deck' })
          .waitFor()
        // An item created offline, then completed offline (its temporary id is mapped on replay).
        const add = page.getByRole('combobox', { name: 'Add an item to Action Items' })
        await add.fill('Draft the memo')
        await add.press('Enter')
        await row(page, 'Draft the memo').getByRole('checkbox').click()
        await page
          .locator('[data-slot="item-row"][data-completed]', { hasText: 'Draft the memo' })
          .waitFor()
        await page.getByText('4 changes waiting to sync').waitFor()
        await shot(page, 'offline-pending')

        // A reload while offline keeps them, shown over the cached data.
        await page.reload()
        for (const done of ['Ship the board deck', 'Draft the memo']) {
          await page.locator('[data-slot="item-row"][data-completed]', { hasText: done }).waitFor()
        }
        await page.getByText('4 changes waiting to sync').waitFor()
        await page.goto(`${base}/team-members/${memberUuid}`)
        await page.getByText('Hiring plan for Q3').waitFor()
        // Nothing reached the server yet (the test's own channel still reaches it).
        const before = await page.context().request.get(`${base}/api/reports/${reportUuid}`)
        const beforeItem = (await before.json()).sections
          .flatMap((s: { items: { id: number; is_completed: boolean }[] }) => s.items)
          .find((i: { id: number }) => i.id === items['Ship the board deck'])
        expect(beforeItem.is_completed).toBe(false)

        // Back online: the queue is replayed in order and the server has every change.
        await page.context().setOffline(false)
        await page.getByText(/changes? waiting to sync/).waitFor({ state: 'detached' })
        await expect(page.getByText('Offline', { exact: true })).toHaveCount(0)
        const after = await api(page, 'GET', `/api/reports/${reportUuid}`)
        const afterItem = after.json.sections
          .flatMap((s: { items: { id: number; is_completed: boolean }[] }) => s.items)
          .find((i: { id: number }) => i.id === items['Ship the board deck'])
        expect(afterItem.is_completed).toBe(true)
        const memo = after.json.sections
          .flatMap((s: { items: { content: string; is_completed: boolean }[] }) => s.items)
          .filter((i: { content: string }) => i.content === 'Draft the memo')
        expect(memo).toMatchObject([{ is_completed: true }])
        const points = await api(page, 'GET', `/api/team-members/${memberUuid}/talking-points`)
        expect(points.json.map((p: { content: string }) => p.content)).toEqual(
          expect.arrayContaining(['Pipeline review', 'Hiring plan for Q3']),
        )
        // The page now shows the server's rows (real ids), nothing twice.
        await expect(page.getByText('Hiring plan for Q3')).toHaveCount(1)

        // The answers were cached for this user only; signing out deletes them.
        const me = await api(page, 'GET', '/api/users/me')
        const apiCaches = () =>
          page.evaluate(async () =>
            (await caches.keys()).filter((name) => name.startsWith('cadence-api-')),
          )
        await expect.poll(() => apiCaches()).toEqual([`cadence-api-${me.json.id}`])
        await page.getByRole('button', { name: /Account menu/ }).click()
        await page.getByRole('menuitem', { name: 'Sign Out' }).click()
        await page.waitForURL(`${base}/`)
        await expect.poll(() => apiCaches()).toEqual([])
      })
    },
    LONG_JOURNEY,
  )

  test('a change the server refuses on replay is shown with Retry and Discard', async () => {
    await journey(browser, 'offline-rejected', async () => {
      const page = await newPage(browser)
      await signIn(page, unique('offline-reject'))
      await skipTour(page)
      const { reportUuid, items } = await seed(page)
      await page.goto(`${base}/reports/${reportUuid}`)
      await controlled(page)
      await row(page, 'Call the auditors').waitFor()

      await page.context().setOffline(true)
      await row(page, 'Call the auditors').getByRole('checkbox').click()
      await row(page, 'Book the offsite').getByRole('checkbox').click()
      await page.getByText('2 changes waiting to sync').waitFor()
      // Meanwhile another tab deletes the first item on the server.
      const gone = await page
        .context()
        .request.delete(`${base}/api/section-items/${items['Call the auditors']}`, {
          headers: { Origin: base },
        })
      expect(gone.status()).toBe(200)

      await page.context().setOffline(false)
      const problems = page.locator('[data-slot="sync-status"]')
      await problems.getByText('1 change could not be synced').waitFor()
      await problems.getByText('Complete "Call the auditors"').waitFor()
      await problems.getByText(/not found/i).waitFor()
      await shot(page, 'offline-rejected')
      // The other change synced.
      const after = await api(page, 'GET', `/api/reports/${reportUuid}`)
      const offsite = after.json.sections
        .flatMap((s: { items: { id: number; is_completed: boolean }[] }) => s.items)
        .find((i: { id: number }) => i.id === items['Book the offsite'])
      expect(offsite.is_completed).toBe(true)

      // Retry sends it again (still refused), Discard drops it for good.
      await problems.getByRole('button', { name: /^Retry/ }).click()
      await problems.getByText('1 change could not be synced').waitFor()
      await problems.getByRole('button', { name: /^Discard/ }).click()
      await problems.waitFor({ state: 'detached' })
      await expect(page.getByText(/changes? waiting to sync/)).toHaveCount(0)
    })
  })

  test('a session that ends while changes wait offers them for export and leaves nothing of the user behind', async () => {
    await journey(browser, 'session-ended', async () => {
      const page = await newPage(browser)
      await signIn(page, unique('session-ended'))
      await skipTour(page)
      const { reportUuid, items } = await seed(page)
      await page.goto(`${base}/reports/${reportUuid}`)
      await controlled(page)
      await row(page, 'Ship the board deck').waitFor()

      await page.context().setOffline(true)
      await row(page, 'Ship the board deck').getByRole('checkbox').click()
      await page.getByText('1 change waiting to sync').waitFor()
      // Meanwhile the session ends (signed out elsewhere, expired, revoked): no cookie any more.
      await page.context().clearCookies()
      await page.context().setOffline(false)

      const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
      await dialog.waitFor()
      await dialog.getByText('Complete "Ship the board deck"').waitFor()
      await shot(page, 'session-ended')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Export unsent changes' }).click(),
      ])
      const exported = JSON.parse(readFileSync(await download.path(), 'utf8'))
      expect(exported.changes).toHaveLength(1)
      expect(exported.changes[0].request.path).toBe(
        `/api/section-items/${items['Ship the board deck']}`,
      )
      await dialog.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Sign In' }).first().waitFor()

      // Nothing of the user stays in this browser: no cached answers, no queued changes.
      const left = await page.evaluate(async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('cadence-api-'))
        const queued = await new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('cadence-outbox')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const count = open.result.transaction('entries').objectStore('entries').count()
            count.onsuccess = () => resolve(count.result)
          }
        })
        return { names, queued }
      })
      expect(left).toEqual({ names: [], queued: 0 })
    })
  })

  test('a second build with a changed worker shows App Update Available and Update Now activates it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cadence-e2e-update-'))
    const dist = join(dir, 'dist')
    cpSync(process.env.APP_DIST ?? join(import.meta.dir, '..', 'dist'), dist, { recursive: true })
    const previous = process.env.APP_DIST
    process.env.APP_DIST = dist
    const own = await startOwnServer().finally(() => {
      if (previous === undefined) delete process.env.APP_DIST
      else process.env.APP_DIST = previous
    })
    try {
      await journey(browser, 'offline-update', async () => {
        const page = await newPage(browser)
        await signIn(page, unique('update'), 'Update Tester', own.baseUrl)
        await skipTour(page)
        await controlled(page)
        const first = await workerVersion(page)
        expect(first).toMatch(/^cadence-sw-/)

        // Deploy the second build: the same app with a worker that differs (its build id).
        const swPath = join(dist, 'sw.js')
        const second = `${first}-next`
        writeFileSync(swPath, readFileSync(swPath, 'utf8').replaceAll(first, second))

        // Becoming visible/focused checks for an update; a reload does too.
        await page.reload()
        await page.getByText('App Update Available').waitFor()
        await expect.poll(() => workerVersion(page)).toBe(first)

        await Promise.all([
          page.waitForEvent('load'),
          page.getByRole('button', { name: 'Update Now' }).click(),
        ])
        await page.getByRole('navigation', { name: 'Main', exact: true }).waitFor()
        await controlled(page)
        await expect.poll(() => workerVersion(page)).toBe(second)
        await expect(page.getByText('App Update Available')).toHaveCount(0)
      })
    } finally {
      await own.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
