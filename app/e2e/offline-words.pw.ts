// Offline in words (issue 46, 5): on every signed-in page, the connection drops after the page
// has loaded and every enabled button is clicked; no text of the page, toasts included, ever
// reads 'HTTP <status>' (an observer in the page records any such text the moment it appears).
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { paths } from '@cadence/core/paths'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, signedInPage } from './helpers'

let browser: Browser
let page: Page
/** The fixtures' uuids, made in beforeAll. */
const made = { report: '', project: '', member: '' }
/** Every signed-in page, each with something on it; one test each. */
const pages: Array<[string, () => string]> = [
  ['dashboard', () => paths.dashboard()],
  ['reports', () => paths.reports()],
  ['report', () => paths.report(made.report)],
  ['draft', () => paths.draft(made.report)],
  ['projects', () => paths.projects()],
  ['project', () => paths.project(made.project)],
  ['team', () => paths.team()],
  ['team member', () => paths.teamMember(made.member)],
  ['1:1 prep', () => paths.prep(made.member)],
  ['team updates', () => paths.teamUpdates()],
  ['decisions', () => paths.decisions()],
  ['settings', () => paths.settings()],
  ['settings, metrics', () => paths.settings('metrics')],
  ['settings, sources', () => paths.settings('sources')],
]

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'offline-words')
  // Something on every page: a project, a member with a talking point, a report with a task, a
  // decision, a metric.
  const project = (await api(page, 'POST', '/api/projects', { name: 'Atlas' })).json
  const member = (
    await api(page, 'POST', '/api/team-members', { name: 'Kai Moreno', email: 'kai@example.com' })
  ).json
  await api(page, 'POST', `/api/team-members/${member.uuid}/talking-points`, {
    content: 'Hiring plan',
  })
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const report = (await api(page, 'POST', '/api/reports', { week_start_date: monday() })).json
  await api(page, 'POST', '/api/section-items', {
    section_id: report.sections[0].id,
    content: 'Close the Q3 books',
    project_id: project.id,
    item_type: 'task',
  })
  await api(page, 'POST', '/api/decisions', { title: 'Hire a CFO', decided_on: monday() })
  await api(page, 'POST', '/api/metrics', { name: 'ARR', direction: 'up' })
  made.report = report.uuid
  made.project = project.uuid
  made.member = member.uuid
})
afterAll(async () => {
  await browser?.close()
})

/** Records, from now on, every text of the page that reads like a raw HTTP status. */
const watchForRawStatus = (p: Page) =>
  p.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __rawStatus: string[] }).__rawStatus = seen
    const check = (text: string | null | undefined) => {
      if (text && /\bHTTP \d{3}\b/.test(text)) seen.push(text.trim().slice(0, 200))
    }
    check(document.body.textContent)
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') check(r.target.textContent)
        for (const node of r.addedNodes) check(node.textContent)
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })

const rawStatus = (p: Page) =>
  p.evaluate(() => (window as unknown as { __rawStatus?: string[] }).__rawStatus ?? [])

describe('offline in words', () => {
  /** The page under test, loaded online, then offline with the observer watching. */
  const open = async (path: string) => {
    await page.context().setOffline(false)
    await page.goto(`${base}${path}`)
    // Its first heading drawn (Settings' h1 is for screen readers only).
    await page.getByRole('heading').first().waitFor()
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
    await page.context().setOffline(true)
    await watchForRawStatus(page)
  }
  afterAll(() => page?.context().setOffline(false))

  for (const [name, pathOf] of pages) {
    test(`${name}: offline, every enabled button says why in words, never HTTP`, async () => {
      const path = pathOf()
      await open(path)
      let clicked = 0
      const count = Math.min(30, await page.getByRole('button').count())
      // By position, asked afresh each time: a click may redraw the page.
      for (let i = 0; i < count; i++) {
        const button = page.getByRole('button').nth(i)
        const usable = await button
          .evaluate(
            (el) =>
              !(el as HTMLButtonElement).disabled &&
              el.getAttribute('aria-disabled') !== 'true' &&
              (el as HTMLElement).offsetParent !== null,
            undefined,
            { timeout: 1000 },
          )
          .catch(() => false)
        if (!usable) continue
        // A click a dialog or menu covers, or on a button that went away, is no finding: what is
        // checked is what the page says.
        const ok = await button
          .click({ timeout: 2000 })
          .then(() => true)
          .catch(() => false)
        if (ok) clicked++
        await page.keyboard.press('Escape')
        // A button that led to another page: what it said is checked, then the page is opened
        // again for the next button.
        if (new URL(page.url()).pathname !== new URL(`${base}${path}`).pathname) {
          expect({ button: i, recorded: await rawStatus(page) }).toEqual({
            button: i,
            recorded: [],
          })
          await open(path)
        }
      }
      // What a failed request says arrives after it: the toasts of this page's clicks settle.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
      expect(await rawStatus(page)).toEqual([])
      // The journey did press buttons on the page (a page that drew none would prove nothing).
      expect(clicked).toBeGreaterThan(0)
    })
  }
})
