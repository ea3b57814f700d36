// 'Needs you' (issue 46): the dashboard lists by name what needs the executive today, each entry
// opens the place to act, and an entry leaves once acted on — a reader's question dismissed, an
// answer to an ask seen, the report sent. At 1440 px; each step saves its screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, chooseOption, expect, monday, signedInPage, step } from './helpers'

let browser: Browser
let page: Page
let report: { uuid: string; sections: { id: number }[] }
let atlas: { id: number; uuid: string }

const panel = () => page.getByRole('region', { name: /Needs you/ })
const entries = (kind: string) => panel().locator(`[data-kind="${kind}"]`)

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'needs-you', { width: 1440, height: 900 })
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  atlas = (await api(page, 'POST', '/api/projects', { name: 'Atlas' })).json
  report = (await api(page, 'POST', '/api/reports', { week_start_date: monday() })).json
  await api(page, 'POST', '/api/section-items', {
    section_id: report.sections[0].id,
    content: 'Atlas vendor contract',
    project_id: atlas.id,
  })
  const ask = (
    await api(page, 'POST', '/api/section-items', {
      section_id: report.sections[0].id,
      content: 'Approve the Q1 hiring budget',
    })
  ).json
  expect((await api(page, 'PUT', `/api/section-items/${ask.id}`, { is_ask: true })).status).toBe(
    200,
  )
  const health = await api(
    page,
    'PUT',
    `/api/reports/${report.uuid}/project-health/${atlas.uuid}`,
    { health: 'off_track', note: 'Vendor contract unsigned' },
  )
  expect(health.status).toBe(200)
  // A reader's question and answer, through a private link.
  const link = (
    await api(page, 'POST', `/api/reports/${report.uuid}/shares`, { expires_in_days: 30 })
  ).json
  const token = String(link.url).split('/r/')[1]
  const asked = await api(page, 'POST', `/api/shared/${token}/questions`, {
    name: 'Lena Park',
    text: 'When will the contract be signed?',
  })
  expect(asked.status).toBe(201)
  const answered = await api(page, 'POST', `/api/shared/${token}/asks/${ask.id}/answers`, {
    name: 'Rob Chen',
    answer: 'approve',
  })
  expect(answered.status).toBe(201)
})

afterAll(async () => {
  await browser?.close()
})

describe('needs you', () => {
  test('each entry is named and opens the place to act', () =>
    step(page, 'needs-you-listed', async () => {
      await page.goto(`${base}/dashboard`)
      await panel().waitFor()
      await expect(entries('unsent')).toHaveCount(1)
      await expect(entries('unsent')).toHaveText(/Not sent — (was )?due/)
      await expect(entries('project')).toHaveText(['Off trackAtlas — Vendor contract unsigned'])
      await expect(entries('question').locator('.cad-needs__grow')).toHaveText([
        'Lena Park asks “When will the contract be signed?”',
      ])
      await expect(entries('answer').locator('.cad-needs__grow')).toHaveText([
        'Rob Chen approved “Approve the Q1 hiring budget”',
      ])
      // The panel is the first block of the page.
      const first = await page.evaluate(() => {
        const blocks = [...document.querySelectorAll('.cad-screen > *')]
        return blocks.findIndex((b) => b.matches('[data-slot="needs-you"]'))
      })
      expect(first).toBe(1) // after the page's heading row
      await entries('project').getByRole('link', { name: 'Atlas' }).click()
      await page.waitForURL(`${base}/projects/${atlas.uuid}`)
    }))

  test('a dismissed question and a seen answer leave, and stay gone', () =>
    step(page, 'needs-you-acted-on', async () => {
      await page.goto(`${base}/dashboard`)
      await entries('question').first().waitFor()
      await panel().getByRole('button', { name: "Dismiss Lena Park's question" }).click()
      await expect(entries('question')).toHaveCount(0)
      await panel().getByRole('button', { name: "Mark Rob Chen's answer seen" }).click()
      await expect(entries('answer')).toHaveCount(0)
      await page.reload()
      await entries('unsent').waitFor()
      await expect(entries('question')).toHaveCount(0)
      await expect(entries('answer')).toHaveCount(0)
    }))

  test("'Open the report' leads to it; once sent, the entry leaves", () =>
    step(page, 'needs-you-sent', async () => {
      await page.goto(`${base}/dashboard`)
      await entries('unsent').getByRole('link', { name: 'Open the report' }).click()
      await page.waitForURL(`${base}/reports/${report.uuid}`)
      const sent = await api(page, 'PUT', `/api/reports/${report.uuid}`, { is_submitted: true })
      expect(sent.status).toBe(200)
      await page.goto(`${base}/dashboard`)
      await entries('project').first().waitFor()
      await expect(entries('unsent')).toHaveCount(0)
    }))

  test("the portfolio's owner is the one chosen in Settings › Projects, else the first assignee", () =>
    step(page, 'needs-you-project-owner', async () => {
      const member = async (name: string) =>
        (
          await api(page, 'POST', '/api/team-members', {
            name,
            email: `${name.split(' ')[0].toLowerCase()}@example.com`,
          })
        ).json
      const tom = await member('Tom Reed')
      await member('Hannah Kim')
      await api(page, 'POST', '/api/section-items', {
        section_id: report.sections[1].id, // Action Items: a task
        content: 'Atlas legal review',
        project_id: atlas.id,
        assigned_to_team_member_id: tom.id,
      })
      const owner = async () => {
        const rows = (await api(page, 'GET', '/api/projects/portfolio')).json as {
          uuid: string
          owner: { name: string; source: string } | null
        }[]
        return rows.find((r) => r.uuid === atlas.uuid)?.owner ?? null
      }
      await expect.poll(() => owner()).toMatchObject({ name: 'Tom Reed', source: 'first_assignee' })
      await page.goto(`${base}/settings`)
      await page.getByRole('button', { name: 'Projects', exact: true }).click()
      const select = page.getByRole('combobox', { name: 'Owner of Atlas' })
      await select.waitFor()
      await expect(select).toContainText('No owner (first assignee)')
      await chooseOption(page, select, 'Hannah Kim')
      await expect.poll(async () => (await owner())?.source).toEqual('set')
      await expect.poll(() => owner()).toMatchObject({ name: 'Hannah Kim', source: 'set' })
      await page.goto(`${base}/projects`)
      const row = page.locator('.cad-portfolio__row', { hasText: 'Atlas' })
      await row.getByRole('link', { name: 'Hannah Kim' }).waitFor()
    }))

  test("'Stalled' shows every stalled item: the first 25 in the answer, the rest loaded after it (issue 45)", () =>
    step(page, 'needs-you-stalled-rest', async () => {
      // A report six weeks back with 30 open tasks: all stalled, more than the answer's 25.
      const d = new Date(`${monday()}T00:00:00Z`)
      d.setUTCDate(d.getUTCDate() - 42)
      const old = (
        await api(page, 'POST', '/api/reports', {
          week_start_date: d.toISOString().slice(0, 10),
          carry_over: false,
        })
      ).json
      for (let k = 0; k < 30; k++)
        await api(page, 'POST', '/api/section-items', {
          section_id: old.sections[1].id, // Action Items: a task
          content: `Stalled task ${k + 1}`,
        })
      const answer = (await api(page, 'GET', '/api/dashboard')).json
      expect(answer.needsYou.stalledTotal).toBe(30)
      expect(
        answer.needsYou.stalled.reduce(
          (n: number, g: { items: unknown[] }) => n + g.items.length,
          0,
        ),
      ).toBe(25)
      await page.goto(`${base}/dashboard`)
      await panel().waitFor()
      await expect(entries('stalled').locator('.cad-needs__item')).toHaveCount(30)
      await expect(
        entries('stalled').locator('.cad-needs__item', { hasText: 'Stalled task 30' }),
      ).toHaveCount(1)
    }))
})
