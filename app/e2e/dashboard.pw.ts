// The dashboard says what needs the user: the project health strip (counts from this week's
// report, each opening the projects it counts, each a link to its page) and 'Waiting on' (open
// items assigned to others, grouped by person, oldest first, with a short age). At 1440 and
// 390 px; each journey saves its final screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, signedInPage, step } from './helpers'

let browser: Browser
let page: Page
const projects: Record<string, string> = {}
const members: Record<string, string> = {}

/** The Monday `weeks` weeks from this week's (the default week start), as YYYY-MM-DD. */
function monday(weeks = 0) {
  const d = new Date()
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * weeks)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'dashboard')
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  for (const name of ['Apollo', 'Atlas', 'Borealis']) {
    projects[name] = (await api(page, 'POST', '/api/projects', { name })).json.uuid
  }
  const projectIds: Record<string, number> = {}
  for (const p of (await api(page, 'GET', '/api/projects')).json as {
    id: number
    name: string
  }[])
    projectIds[p.name] = p.id
  const memberIds: Record<string, number> = {}
  for (const name of ['Elena Rossi', 'Tom Becker']) {
    const m = (
      await api(page, 'POST', '/api/team-members', {
        name,
        email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      })
    ).json
    members[name] = m.uuid
    memberIds[name] = m.id
  }
  // Three weeks ago: Elena's task (still open, carried since); this week: the rest.
  const old = (await api(page, 'POST', '/api/reports', { week_start_date: monday(-3) })).json
  await api(page, 'POST', '/api/section-items', {
    section_id: old.sections[0].id,
    content: 'Sign the Atlas vendor contract',
    project_id: projectIds.Atlas,
    assigned_to_team_member_id: memberIds['Elena Rossi'],
  })
  const now = (
    await api(page, 'POST', '/api/reports', { week_start_date: monday(0), carry_over: true })
  ).json
  const item = (content: string, project: string, member: string | null) =>
    api(page, 'POST', '/api/section-items', {
      section_id: now.sections[0].id,
      content,
      project_id: projectIds[project],
      assigned_to_team_member_id: member ? memberIds[member] : null,
    })
  await item('Apollo beta checklist', 'Apollo', 'Tom Becker')
  await item('Borealis pilot review', 'Borealis', 'Elena Rossi')
  await item('Write the board memo', 'Apollo', null)
  const health = (project: string, value: string, note: string) =>
    api(page, 'PUT', `/api/reports/${now.uuid}/project-health/${projects[project]}`, {
      health: value,
      note,
    })
  expect((await health('Atlas', 'off_track', 'Vendor contract unsigned')).status).toBe(200)
  expect((await health('Apollo', 'at_risk', 'Beta slipped a week')).status).toBe(200)
  expect((await health('Borealis', 'on_track', 'Pilot live')).status).toBe(200)
})

afterAll(async () => {
  await browser?.close()
})

describe('dashboard', () => {
  test('the health strip counts this week and opens the projects it counts', () =>
    step(page, 'dashboard-health-strip', async () => {
      await page.goto(`${base}/dashboard`)
      const strip = page.getByRole('region', { name: 'Project health' })
      const count = (health: string) =>
        strip.locator(`.cad-dash__health-count[data-health="${health}"] .cad-dash__health-n`)
      await expect
        .poll(async () => [
          await count('off_track').textContent(),
          await count('at_risk').textContent(),
          await count('on_track').textContent(),
        ])
        .toEqual(['1', '1', '1'])
      const offTrack = strip.locator('.cad-dash__health-count[data-health="off_track"]')
      await offTrack.click()
      await expect(offTrack).toHaveAttribute('aria-expanded', 'true')
      const listed = strip.locator('.cad-dash__health-list li')
      await expect(listed).toHaveText(['Atlas — Vendor contract unsigned'])
      await strip.getByRole('link', { name: 'Atlas' }).click()
      await page.waitForURL(`${base}/projects/${projects.Atlas}`)
      await page.getByRole('heading', { name: 'Atlas', level: 1 }).waitFor()
    }))

  test("'Waiting on' groups open items by person, the longest wait first, with its age", () =>
    step(page, 'dashboard-waiting-on', async () => {
      await page.goto(`${base}/dashboard`)
      const card = page.locator('[data-slot="card"]', {
        has: page.getByRole('heading', { name: 'Waiting on', level: 2 }),
      })
      const people = card.locator('.cad-dash__waiting-person')
      await expect(people.locator('.cad-dash__waiting-head a')).toHaveText([
        'Elena Rossi',
        'Tom Becker',
      ])
      const elena = people.nth(0)
      await expect(elena.locator('.cad-dash__waiting-item > span:first-child')).toHaveText([
        'Sign the Atlas vendor contract',
        'Borealis pilot review',
      ])
      await elena.getByText('2 open').waitFor()
      // The carried task is three weeks open: stalled, amber; the new one 'new'.
      const ages = elena.locator('[data-slot="age-chip"]')
      await expect(ages.nth(0)).toHaveAttribute('data-stalled', 'true')
      await expect(ages.nth(0).locator('.cad-age-chip__short')).toHaveText('3w')
      await expect(ages.nth(1).locator('.cad-age-chip__short')).toHaveText('new')
      // The user's own open item waits on nobody.
      await expect(card.getByText('Write the board memo')).toHaveCount(0)
      await elena.getByRole('link', { name: 'Elena Rossi' }).click()
      await page.waitForURL(`${base}/team-members/${members['Elena Rossi']}`)
    }))

  test('at 390 px the strip and Waiting on fit the screen', () =>
    step(page, 'dashboard-mobile', async () => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`${base}/dashboard`)
      const strip = page.getByRole('region', { name: 'Project health' })
      await strip.waitFor()
      await page.getByRole('heading', { name: 'Waiting on', level: 2 }).waitFor()
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(390)
      const box = await strip.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    }))
})
