// Decisions: an item of this week's report recorded as a decision in one click, given a revisit
// date next week on the Decisions page, in the brief's 'Decided this week', and coming back as a
// follow-up in next week's report when that report is made.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, newPage, signInTourSkipped, step, unique } from './helpers'

let browser: Browser
let page: Page
let thisWeek: { uuid: string; week_start_date: string }
const TITLE = 'Move the Apollo launch to March'

/** The day `days` after `date` (YYYY-MM-DD). */
function plusDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

type Decision = { id: number; title: string; source_item_id: number | null; revisit_on: string }
const decisions = async (): Promise<Decision[]> => (await api(page, 'GET', '/api/decisions')).json

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await newPage(browser)
  await signInTourSkipped(page, unique('decisions'), 'Dana Whitfield')
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  await api(page, 'POST', '/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  const report = await api(page, 'POST', '/api/reports', { week_start_date: monday() })
  expect(report.status).toBe(200)
  thisWeek = report.json
  const highlights = report.json.sections.find(
    (s: { section_type: string }) => s.section_type === 'standard',
  )
  const item = await api(page, 'POST', '/api/section-items', {
    section_id: highlights.id,
    content: TITLE,
  })
  expect(item.status).toBe(200)
})
afterAll(async () => {
  await browser?.close()
})

describe('decisions', () => {
  test('an item is recorded as a decision in one click', () =>
    step(page, 'decisions-from-item', async () => {
      await page.goto(`${base}/reports/${thisWeek.uuid}`)
      await page.getByText(TITLE).first().hover()
      await page.getByRole('button', { name: `Record as decision: ${TITLE}` }).click()
      await page.getByText(/Recorded as a decision/).waitFor()
      await expect
        .poll(async () => (await decisions()).map((d) => [d.title, d.source_item_id !== null]))
        .toEqual([[TITLE, true]])
    }))

  test('the Decisions page gives it a revisit date next week', () =>
    step(page, 'decisions-revisit', async () => {
      const revisit = plusDays(monday(), 8)
      await page.goto(`${base}/decisions`)
      await page.getByRole('heading', { name: 'Decisions', level: 1 }).waitFor()
      await page.getByRole('button', { name: `Edit: ${TITLE}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit decision' })
      await dialog.getByRole('textbox', { name: 'Why' }).fill('The vendor slipped two weeks')
      await dialog.getByLabel('Revisit on (optional)').fill(revisit)
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect.poll(async () => (await decisions()).map((d) => d.revisit_on)).toEqual([revisit])
      await page
        .getByText(/^Revisit /)
        .first()
        .waitFor()
    }))

  test("this week's brief lists it under 'Decided this week'", () =>
    step(page, 'decisions-brief', async () => {
      await page.goto(`${base}/reports/${thisWeek.uuid}/draft`)
      const block = page.getByRole('region', { name: 'Decided this week' })
      await block.getByText(TITLE).waitFor()
      await expect(block).toContainText('The vendor slipped two weeks')
    }))

  test("the revisit date brings it back as a follow-up in that week's report, once", () =>
    step(page, 'decisions-come-back', async () => {
      const next = await api(page, 'POST', '/api/reports', {
        week_start_date: plusDays(monday(), 7),
      })
      expect(next.status).toBe(200)
      await page.goto(`${base}/reports/${next.json.uuid}`)
      await page.getByText(`Revisit decision: ${TITLE}`).waitFor()
      // Carried over again and the decision saved again: still one.
      await api(page, 'POST', `/api/reports/${next.json.uuid}/carry-over`)
      const [d] = await decisions()
      await api(page, 'PUT', `/api/decisions/${d.id}`, { rationale: 'Still true' })
      const full = (await api(page, 'GET', `/api/reports/${next.json.uuid}`)).json
      const revisits = full.sections
        .flatMap((s: { items: { content: string }[] }) => s.items)
        .filter((i: { content: string }) => i.content === `Revisit decision: ${TITLE}`)
      expect(revisits).toHaveLength(1)
    }))
})
