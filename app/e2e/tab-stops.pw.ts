// No invisible tab stop (issue 46, 4): on every signed-in page, Tab goes through every stop of
// the page (until focus comes back round) and each focused element must be seen: rendered, not
// `visibility: hidden` or transparent, with a box of at least 2 × 2 px, not clipped to nothing.
// The sidebar's inactive tab panels (Projects and Team) used to be two such stops on every page.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, signedInPage, step } from './helpers'

let browser: Browser
let page: Page
const paths: string[] = []

/** The focused element, described, and why it cannot be seen (null when it can). */
const focusedInvisibility = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { where: 'body', why: null as string | null, key: '' }
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ')
    const where = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${el.className}] "${name.trim().slice(0, 40)}"`
    const key = el.outerHTML.slice(0, 200) + where
    const rect = el.getBoundingClientRect()
    let why: string | null = null
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
      why = 'not rendered, hidden or transparent'
    else if (rect.width < 2 || rect.height < 2) why = `a ${rect.width}×${rect.height} box`
    else {
      // Clipped to nothing by an ancestor (the sr-only pattern: 1 px, overflow hidden, clip).
      for (let a: HTMLElement | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a)
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') {
          why = 'clipped to nothing'
          break
        }
      }
    }
    return { where, why, key }
  })

/** Tabs through the page at `path` until focus comes round again; every stop must be visible. */
async function tabThrough(path: string) {
  await page.goto(`${base}${path}`)
  await page.locator('main').getByRole('heading').first().waitFor()
  await page.waitForLoadState('networkidle').catch(() => {})
  const seen = new Set<string>()
  const invisible: string[] = []
  let stops = 0
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab')
    const at = await focusedInvisibility()
    if (at.where === 'body') {
      if (stops > 0) break // out of the page and back to the start: one full round
      continue
    }
    if (seen.has(at.key)) break
    seen.add(at.key)
    stops++
    if (at.why) invisible.push(`${at.where}: ${at.why}`)
  }
  expect({ path, invisible }).toEqual({ path, invisible: [] })
  expect(stops).toBeGreaterThan(3)
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'tab-stops')
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const project = (await api(page, 'POST', '/api/projects', { name: 'Tab Project' })).json
  const member = (
    await api(page, 'POST', '/api/team-members', { name: 'Tess Tabber', email: 'tess@example.com' })
  ).json
  const report = (
    await api(page, 'POST', '/api/reports', { week_start_date: '2026-06-01', title: 'Tab weekly' })
  ).json
  const section = (report.sections as { id: number }[])[0]
  await api(page, 'POST', '/api/section-items', {
    section_id: section.id,
    content: 'Tab budget sign-off',
    project_id: project.id ?? null,
    assigned_to_team_member_id: member.id ?? null,
  })
  paths.push(
    '/dashboard',
    '/reports',
    `/reports/${report.uuid}`,
    `/reports/${report.uuid}/draft`,
    '/projects',
    `/projects/${project.uuid}`,
    '/team',
    '/team-updates',
    '/decisions',
    `/team-members/${member.uuid}`,
    `/team-members/${member.uuid}/prep`,
    '/settings',
    '/settings?tab=sections',
    '/settings?tab=profile',
    '/settings?tab=metrics',
    '/settings?tab=sources',
  )
})
afterAll(async () => {
  await browser?.close()
})

describe('no invisible tab stop', () => {
  test('every signed-in page, each sidebar tab, at 1280 px', () =>
    step(page, 'tab-stops', async () => {
      for (const path of paths) await tabThrough(path)
      for (const tab of ['projects', 'team']) await tabThrough(`/dashboard?sidebar=${tab}`)
    }))
})
