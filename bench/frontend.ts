// The front end in headless Chromium (scripts/chromium.ts), CPU slowed 4x through the DevTools
// protocol. On the bench's data: `/` signed out, search as the heavy user (key to results) and a
// 60-item report of the heavy user (LCP, a click on a checkbox to its paint). Then the CEO's month
// (../shared/demo/ceo-month.ts, loaded through the API into a second server on a fresh database):
// the dashboard, a report, its draft, the shared page, projects and decisions, each cold at 1440 px
// and at 390 px on a mobile network (Fast 4G through Network.emulateNetworkConditions): Largest
// Contentful Paint and the first frame with content (a heading, no skeleton or spinner); and the
// interactions of issue 45 (tick an item, type in an item, open search, type in search, switch
// tabs), each the browser's Event Timing of the input to the next paint, as INP measures it.
// The machine is shared: the load average is recorded with the figures.
import { existsSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../scripts/chromium'
import { freePort } from './server'

export const CPU_SLOWDOWN = 4

export type PageMetrics = {
  name: string
  path: string
  /** Largest Contentful Paint, ms after navigation start. */
  lcpMs: number
  /** Navigation start to the page's interactive content being rendered, ms. */
  interactiveMs: number
  /** Only on the report: click on a checkbox to the painted change, ms (median of the clicks). */
  clickToPaintMs?: number
  /** Only on search: the last key of a typed query to the frame painting its results, ms (median). */
  keyToResultsMs?: number
  target: string
  /** A page of the CEO's month (issue 45): which, and whether at 390 px on a mobile network. */
  ceo?: { page: string; phone: boolean }
}

/** In the page: LCP candidates as they come (the last one before input is the LCP). */
const observeLcp = () => {
  const w = window as unknown as { __lcp: number }
  w.__lcp = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

async function open(
  context: BrowserContext,
  url: string,
  ready: string,
  options: {
    network?: {
      offline: boolean
      latency: number
      downloadThroughput: number
      uploadThroughput: number
    }
    /** "Interactive" also waits for no skeleton or spinner left on the page. */
    noPlaceholder?: boolean
  } = {},
) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  if (options.network) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', options.network)
  }
  await page.addInitScript(observeLcp)
  await page.goto(url, { waitUntil: 'commit' })
  // Polled every animation frame in the page: the time of the first frame that has the content.
  const interactiveMs = (
    await page.waitForFunction(
      ([selector, noPlaceholder]) => {
        const w = window as unknown as { __ready?: number }
        const placeholder =
          noPlaceholder && document.querySelector('[data-slot="skeleton"], [data-slot="spinner"]')
        if (document.querySelector(selector) && !placeholder) w.__ready ??= performance.now()
        return w.__ready
      },
      [ready, options.noPlaceholder ?? false] as const,
      { polling: 'raf', timeout: 60_000 },
    )
  ).jsonValue() as Promise<number>
  const interactive = await interactiveMs
  // LCP is final once the page has settled. Its candidates reach the observer late when the page
  // is busy (4× CPU: a second or more after they were painted): read it once none has come for a
  // second (at most 15 s). 0 means no candidate came at all: not measured.
  await page.waitForLoadState('load')
  const readLcp = () => page.evaluate(() => (window as unknown as { __lcp: number }).__lcp)
  let lcpMs = await readLcp()
  for (let quiet = 0, waited = 0; quiet < 1000 && waited < 15_000; waited += 250) {
    await page.waitForTimeout(250)
    const now = await readLcp()
    quiet = now === lcpMs && now > 0 ? quiet + 250 : 0
    lcpMs = now
  }
  return { page, interactiveMs: interactive, lcpMs }
}

/** Clicks item checkboxes one after another; per click, event time to the frame painting it. */
async function clickToPaint(page: Page, clicks = 5) {
  const times: number[] = []
  const boxes = page.locator('[data-slot="item-row"] [data-slot="checkbox"]')
  for (let i = 0; i < clicks; i++) {
    const box = boxes.nth(i)
    await box.scrollIntoViewIfNeeded()
    await page.evaluate((index) => {
      const w = window as unknown as { __paint?: Promise<number> }
      const el = document.querySelectorAll('[data-slot="item-row"] [data-slot="checkbox"]')[index]
      w.__paint = new Promise((resolve) => {
        let start = 0
        el.addEventListener(
          'click',
          (e) => {
            start = e.timeStamp
          },
          { capture: true, once: true },
        )
        const observer = new MutationObserver(() => {
          observer.disconnect()
          // The rAF callback runs in the frame that paints the change, just before the paint.
          requestAnimationFrame(() => resolve(performance.now() - start))
        })
        observer.observe(el, { attributes: true, attributeFilter: ['data-state', 'aria-checked'] })
      })
    }, i)
    await box.click()
    times.push(
      await page.evaluate(() => (window as unknown as { __paint: Promise<number> }).__paint),
    )
    await page.waitForTimeout(200)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

/**
 * In an open dashboard, without CPU slowdown (the target is "on this machine"): Ctrl+K, then a
 * query typed at 30 ms a key; per query, the last key's event time to the first animation frame
 * whose results are those of the whole query (no spinner, a result shown). Debounce, request,
 * answer and render, as the user waits for them. Median of the queries.
 */
export async function searchKeyToResults(page: Page, queries = ['launch', 'budget', 'review']) {
  const times: number[] = []
  for (const query of queries) {
    await page.keyboard.press('Control+k')
    const input = page.getByPlaceholder('Search everything...')
    await input.waitFor()
    await input.fill('')
    await page.waitForFunction(() => !document.querySelector('[data-slot="search-result"]'))
    await page.evaluate(() => {
      const w = window as unknown as { __lastKey: number; __results?: Promise<number> }
      w.__lastKey = 0
      const input = document.querySelector('[data-slot="search-dialog"] [cmdk-input]')
      input?.addEventListener('keydown', (e) => {
        w.__lastKey = e.timeStamp
      })
    })
    await input.pressSequentially(query, { delay: 30 })
    const ms = await page.evaluate(
      (typed) =>
        new Promise<number>((resolve) => {
          const w = window as unknown as { __lastKey: number }
          const dialog = document.querySelector('[data-slot="search-dialog"]')
          const check = () => {
            const value = (dialog?.querySelector('[cmdk-input]') as HTMLInputElement | null)?.value
            const done =
              value === typed &&
              !dialog?.querySelector('[data-slot="spinner"]') &&
              dialog?.querySelector('[data-slot="search-result"]')
            if (done) resolve(performance.now() - w.__lastKey)
            else requestAnimationFrame(check)
          }
          requestAnimationFrame(check)
        }),
      query,
    )
    times.push(ms)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' })
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

/** The pages of issue 45, as the CEO's month (../shared/demo) has them. */
type CeoMonth = {
  cookies: { name: string; value: string }[]
  /** Her current (unsent) report, the sent report she shared, and its private link's token. */
  draftUuid: string
  sentUuid: string
  shareToken: string
}

const root = join(import.meta.dir, '..')
const demoDir = join(root, '../shared/demo')

/**
 * A second server on a fresh database (development sign-in on, as from the repository), filled
 * with the CEO's month by ../shared/demo/ceo-month.ts through the public API, and Dana signed in.
 */
async function startCeoMonth(appDist: string) {
  if (!existsSync(join(demoDir, 'ceo-month.ts')))
    throw new Error(`no ${demoDir}/ceo-month.ts: the CEO's month is not on this machine`)
  const port = freePort()
  const dbPath = join(root, `bench/tmp/ceo-month-${port}.db`)
  const files = [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]
  for (const f of files) rmSync(f, { force: true })
  const base = `http://127.0.0.1:${port}`
  const server = Bun.spawn(['bun', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      PUBLIC_URL: base,
      APP_DIST: appDist,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  process.on('exit', () => {
    server.kill()
    for (const f of files) rmSync(f, { force: true })
  })
  for (;;) {
    if (server.exitCode !== null) throw new Error('the CEO-month server exited during start')
    try {
      if ((await fetch(`${base}/api/users/me`)).status === 401) break
    } catch {}
    await Bun.sleep(20)
  }
  const fill = Bun.spawnSync(['bun', join(demoDir, 'ceo-month.ts')], {
    cwd: root,
    env: { ...process.env, CADENCE_URL: base },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const out = fill.stdout.toString()
  if (fill.exitCode !== 0) throw new Error(`ceo-month.ts failed: ${fill.stderr.toString()}`)
  // It prints a JSON summary (indented) of the private link's token and the reports' uuids.
  const json = /\n(\{\n[\s\S]*?\n\})\n/.exec(`\n${out}`)?.[1]
  if (!json) throw new Error(`ceo-month.ts printed no summary: ${out.slice(-300)}`)
  const summary = JSON.parse(json) as { token: string; reports: string[] }
  process.env.CADENCE_URL = base
  const { Client } = (await import(join(demoDir, 'client.ts'))) as {
    Client: new () => { cookie: string; signIn: (email: string, name: string) => Promise<unknown> }
  }
  const dana = new Client()
  await dana.signIn('dana@northwind.example', 'Dana Whitfield')
  const cookies = dana.cookie
    .split('; ')
    .filter(Boolean)
    .map((c) => {
      const [name, value] = c.split(/=(.*)/s)
      return { name, value }
    })
  const month: CeoMonth = {
    cookies,
    draftUuid: summary.reports[3],
    sentUuid: summary.reports[2],
    shareToken: summary.token,
  }
  return { server, base, month }
}

/** A phone on a mobile network: Chrome DevTools' "Fast 4G" preset (165 ms, 9 / 1.5 Mbit/s). */
const MOBILE_NETWORK = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
}
const DESKTOP = { viewport: { width: 1440, height: 900 } }
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
}

/** Content, not a placeholder: a heading, and no skeleton or spinner left. */
const CONTENT_READY = 'h1'

/** One page of the CEO's month, cold (a fresh context), at one size; LCP and content painted. */
async function ceoPage(
  browser: Browser,
  base: string,
  month: CeoMonth,
  path: string,
  phone: boolean,
) {
  const context = await browser.newContext(phone ? PHONE : DESKTOP)
  await context.addCookies(month.cookies.map((c) => ({ ...c, url: base })))
  try {
    const measured = await open(context, `${base}${path}`, CONTENT_READY, {
      network: phone ? MOBILE_NETWORK : undefined,
      noPlaceholder: true,
    })
    return { lcpMs: measured.lcpMs, interactiveMs: measured.interactiveMs }
  } finally {
    await context.close()
  }
}

/** In the page: every Event Timing entry of an interaction (key or pointer), as they come. */
const observeEvents = () => {
  const w = window as unknown as { __events: { id: number; name: string; duration: number }[] }
  w.__events = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId)
        w.__events.push({ id: e.interactionId, name: e.name, duration: e.duration })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
}

/**
 * Runs `act` and returns, per interaction it caused, the browser's own INP measure: input event
 * to the next paint after its handlers (Event Timing; 8 ms steps). The browser reports only
 * interactions of 16 ms or more: `count` interactions were made, the ones not reported are < 16 ms.
 */
async function interactions(page: Page, count: number, act: () => Promise<void>) {
  await page.evaluate(() => {
    ;(window as unknown as { __events: unknown[] }).__events = []
  })
  await act()
  await page.waitForTimeout(600)
  const events = await page.evaluate(
    () => (window as unknown as { __events: { id: number; duration: number }[] }).__events,
  )
  const byId = new Map<number, number>()
  for (const e of events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration))
  const times = [...byId.values()]
  while (times.length < count) times.push(16)
  return times.sort((a, b) => a - b)
}

export type InteractionMetrics = { name: string; medianMs: number; maxMs: number; count: number }

/** The interactions of issue 45 on the CEO's month at 4× CPU, desktop size. */
async function ceoInteractions(browser: Browser, base: string, month: CeoMonth) {
  const context = await browser.newContext(DESKTOP)
  await context.addCookies(month.cookies.map((c) => ({ ...c, url: base })))
  await context.addInitScript(observeEvents)
  const results: InteractionMetrics[] = []
  const add = (name: string, times: number[]) =>
    results.push({
      name,
      medianMs: times[Math.floor(times.length / 2)],
      maxMs: times[times.length - 1],
      count: times.length,
    })
  try {
    const { page } = await open(
      context,
      `${base}/reports/${month.draftUuid}`,
      '[data-slot="item-row"]',
    )
    await page.waitForTimeout(500)
    // Ticking: five item checkboxes one after another (an item ticked moves to the completed group).
    const ticks: number[] = []
    for (let i = 0; i < 5; i++) {
      const box = page.locator('[data-slot="item-row"] [data-slot="checkbox"]').nth(i)
      await box.scrollIntoViewIfNeeded()
      ticks.push(...(await interactions(page, 1, () => box.click())))
      await page.waitForTimeout(300)
    }
    add(
      'tick an item',
      ticks.sort((a, b) => a - b),
    )
    // Typing into a section's new item, 12 keys at 60 ms a key.
    const input = page.getByPlaceholder(/^Add an item/).first()
    await input.scrollIntoViewIfNeeded()
    await input.click()
    await page.waitForTimeout(200)
    const text = 'Call the CFO'
    add(
      'type in an item',
      await interactions(page, text.length, () => input.pressSequentially(text, { delay: 60 })),
    )
    await input.fill('')
    await page.keyboard.press('Escape')
    // Search: the shortcut that opens the dialog, then a query typed into it.
    add(
      'open search',
      await interactions(page, 1, async () => {
        await page.keyboard.press('Control+k')
        await page.getByPlaceholder('Search everything...').waitFor()
      }),
    )
    const query = 'term sheet'
    add(
      'type in search',
      await interactions(page, query.length, () => page.keyboard.type(query, { delay: 60 })),
    )
    await page.keyboard.press('Escape')
    // Tabs: Settings' tabs, each clicked once.
    await page.goto(`${base}/settings`)
    const tabs = page.locator('.cad-settings__tab')
    await tabs.first().waitFor()
    await page.waitForTimeout(500)
    const tabCount = Math.min(await tabs.count(), 5)
    const switches: number[] = []
    for (let i = 1; i < tabCount; i++) {
      switches.push(...(await interactions(page, 1, () => tabs.nth(i).click())))
      await page.waitForTimeout(200)
    }
    add(
      'switch tabs (Settings)',
      switches.sort((a, b) => a - b),
    )
  } finally {
    await context.close()
  }
  return results
}

type FrontendResult = {
  pages: PageMetrics[]
  interactions: InteractionMetrics[]
  /** The load average (1 min) when the pages were measured: the machine is shared. */
  load: number
}

export async function measureAll(
  base: string,
  cookie: { name: string; value: string },
  reportUuid: string,
): Promise<FrontendResult> {
  const browser = await chromium.launch(launchOptions)
  const results: PageMetrics[] = []
  const interactionRows: InteractionMetrics[] = []
  const loads: number[] = []
  const appDist = process.env.APP_DIST ?? join(root, 'bench/tmp/dist')
  try {
    const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    // A first visit warms nothing: each page is measured in a fresh context (cold HTTP cache).
    const landing = await open(guest, `${base}/`, 'button')
    results.push({
      name: 'landing /',
      path: '/',
      lcpMs: landing.lcpMs,
      interactiveMs: landing.interactiveMs,
      target: 'LCP ≤ 1.0 s',
    })
    await guest.close()

    const signedIn = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await context.addCookies([{ ...cookie, url: base }])
      return context
    }
    const searchContext = await signedIn()
    const searchPage = await searchContext.newPage()
    await searchPage.goto(`${base}/dashboard`)
    await searchPage.getByRole('heading', { level: 1 }).first().waitFor()
    results.push({
      name: 'search: last key to results painted (no CPU slowdown)',
      path: '/dashboard',
      lcpMs: Number.NaN,
      interactiveMs: Number.NaN,
      keyToResultsMs: await searchKeyToResults(searchPage),
      target: 'key to results ≤ 150 ms',
    })
    await searchContext.close()

    const reportContext = await signedIn()
    const report = await open(
      reportContext,
      `${base}/reports/${reportUuid}`,
      '[data-slot="item-row"] [data-slot="checkbox"]',
    )
    const rows = await report.page.locator('[data-slot="item-row"]').count()
    const items = await report.page.evaluate(async (uuid) => {
      const body = await (await fetch(`/api/reports/${uuid}`)).json()
      return body.sections.reduce((n: number, s: { items: unknown[] }) => n + s.items.length, 0)
    }, reportUuid)
    const click = await clickToPaint(report.page)
    results.push({
      name: `heavy user's report (${items} items, ${rows} rows shown)`,
      path: `/reports/${reportUuid}`,
      lcpMs: report.lcpMs,
      interactiveMs: report.interactiveMs,
      clickToPaintMs: click,
      target: 'click to paint ≤ 50 ms',
    })
    await reportContext.close()

    const ceo = await measureCeoMonth(browser, appDist)
    results.push(...ceo.pages)
    interactionRows.push(...ceo.interactions)
    loads.push(...ceo.loads)
  } finally {
    await browser.close()
  }
  const load = loads.length ? loads.reduce((a, b) => a + b, 0) / loads.length : loadavg()[0]
  return { pages: results, interactions: interactionRows, load }
}

/**
 * The CEO's month: every signed-in page of issue 45, at 1440 px and at 390 px on Fast 4G, then
 * the interactions; on its own server and database. The load average before each page.
 */
export async function measureCeoMonth(browser: Browser, appDist: string) {
  const pagesOut: PageMetrics[] = []
  const interactionRows: InteractionMetrics[] = []
  const loads: number[] = []
  const ceo = await startCeoMonth(appDist)
  try {
    const { month } = ceo
    const pages: [string, string][] = [
      ['dashboard', '/dashboard'],
      ['report', `/reports/${month.draftUuid}`],
      ['draft', `/reports/${month.draftUuid}/draft`],
      ['shared page', `/r/${month.shareToken}`],
      ['projects', '/projects'],
      ['decisions', '/decisions'],
    ]
    const only = process.env.BENCH_PAGE
    for (const phone of [false, true])
      for (const [name, path] of pages) {
        if (only && !name.includes(only)) continue
        loads.push(loadavg()[0])
        const m = await ceoPage(browser, ceo.base, month, path, phone)
        pagesOut.push({
          name: `CEO's month: ${name}, ${phone ? '390 px, Fast 4G' : '1440 px'}`,
          path,
          lcpMs: m.lcpMs,
          interactiveMs: m.interactiveMs,
          target: 'LCP ≤ 1.0 s',
          ceo: { page: name, phone },
        })
      }
    loads.push(loadavg()[0])
    if (process.env.BENCH_INTERACTIONS !== 'off')
      interactionRows.push(...(await ceoInteractions(browser, ceo.base, month)))
  } finally {
    ceo.server.kill()
    await ceo.server.exited
  }
  return { pages: pagesOut, interactions: interactionRows, loads }
}

if (import.meta.main) {
  // bun bench/frontend.ts <base url> <session token> <report uuid>: everything, against a running
  // bench server; `bun bench/frontend.ts ceo`: only the CEO's month (its own server, the app build
  // in APP_DIST or bench/tmp/dist; BENCH_PAGE=<part of a name> one page, BENCH_INTERACTIONS=off).
  const [base, token, uuid] = process.argv.slice(2)
  if (base === 'ceo') {
    const browser = await chromium.launch(launchOptions)
    try {
      const appDist = process.env.APP_DIST ?? join(root, 'bench/tmp/dist')
      const r = await measureCeoMonth(browser, appDist)
      for (const p of r.pages)
        console.log(
          `${p.name.padEnd(44)} LCP ${p.lcpMs.toFixed(0)} ms  content ${p.interactiveMs.toFixed(0)} ms`,
        )
      for (const i of r.interactions)
        console.log(
          `${i.name.padEnd(44)} median ${i.medianMs.toFixed(0)} ms  worst ${i.maxMs.toFixed(0)} ms (${i.count})`,
        )
      console.log(`load average: ${r.loads.map((l) => l.toFixed(1)).join(' ')}`)
    } finally {
      await browser.close()
    }
  } else console.log(await measureAll(base, { name: 'cadence_session', value: token }, uuid))
}
