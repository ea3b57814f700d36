// The moment of sending: Send opens the review (recipients, and plainly that mail is not set up:
// this server has no SMTP), the outcome says what really happened; a reader's private link shows
// the edition that was sent, an edit reaches it only with 'Send update' and its note; an edition
// reads on its own page, offline too once read; the PDF downloaded from the report page has the
// brief's text (pdftotext).
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, newPage, signedInPage, step } from './helpers'

let browser: Browser
let page: Page
let reader: Page
let reportUuid = ''
let itemId = 0
let link = ''

const ITEM = 'Apollo beta with two design partners'
const EDITED = 'Apollo beta moved to Dec 7 with three design partners'
const NOTE = 'The beta moved to Dec 7'

/** 'Nov 25, 2026': how the memo writes a date (en-US, as the journeys' browser). */
const memoDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** The text of a PDF by poppler-utils' pdftotext; its absence fails the journey, never skips it. */
function pdfText(file: string) {
  if (!Bun.which('pdftotext'))
    throw new Error(
      'pdftotext is missing: install poppler-utils (apt-get install -y poppler-utils)',
    )
  const run = Bun.spawnSync(['pdftotext', '-layout', file, '-'])
  if (run.exitCode !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`)
  return run.stdout.toString().replaceAll(/\s+/g, ' ')
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'editions')
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  const apollo = (await api(page, 'POST', '/api/projects', { name: 'Apollo' })).json
  await api(page, 'PUT', '/api/settings', {
    report_recipients: ['board@example.com', 'cfo@example.com'],
  })
  const report = (
    await api(page, 'POST', '/api/reports', {
      week_start_date: monday(),
      title: 'Board brief',
      summary: 'Beta on track; hiring on plan.',
      carry_over: false,
    })
  ).json
  reportUuid = report.uuid
  itemId = (
    await api(page, 'POST', '/api/section-items', {
      section_id: report.sections[0].id,
      content: ITEM,
      project_id: apollo.id,
    })
  ).json.id
  // A private link made while it is a draft: once sent, it shows the sent edition.
  link = (await api(page, 'POST', `/api/reports/${reportUuid}/shares`, {})).json.url
})
afterAll(async () => {
  await browser?.close()
})

describe('the moment of sending', () => {
  test('Send opens the review: the brief, each recipient, and that nothing will be e-mailed; the outcome says so', () =>
    step(page, 'editions-send-review', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      const review = page.getByRole('dialog', { name: 'Review and send' })
      await review.getByRole('button', { name: 'Mark as sent' }).waitFor()
      for (const expected of [
        'board@example.com',
        'cfo@example.com',
        'Nothing will be e-mailed: mail is not set up.',
        'Board brief',
        ITEM,
      ])
        await expect(review).toContainText(expected)
      await review.getByRole('button', { name: 'Copy a private link instead' }).waitFor()
      // Nothing was sent by opening the review.
      expect((await api(page, 'GET', `/api/reports/${reportUuid}`)).json.is_submitted).toBe(false)

      await review.getByRole('button', { name: 'Mark as sent' }).click()
      await review.waitFor({ state: 'detached' })
      // Honest outcome: marked sent, nothing e-mailed, and it says why.
      await page.getByText('Nothing was e-mailed: mail is not set up', { exact: true }).waitFor()
      await expect(page.getByText(/Delivered to/)).toHaveCount(0)
      expect((await api(page, 'GET', `/api/reports/${reportUuid}/deliveries`)).json).toEqual([])
      const editions = page.getByRole('region', { name: 'Editions' })
      await editions.getByText('Edition 1', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Send update' }).waitFor()
    }))

  test("an edit after sending reaches the reader's link only with 'Send update', which shows its note", () =>
    step(page, 'editions-update', async () => {
      reader = await newPage(browser)
      await reader.goto(link)
      await reader.getByText(ITEM, { exact: true }).waitFor()

      // The author edits the sent report: the reader's link still shows what was sent.
      const edit = await api(page, 'PUT', `/api/section-items/${itemId}`, { content: EDITED })
      expect(edit.status).toBe(200)
      await reader.reload()
      await reader.getByText(ITEM, { exact: true }).waitFor()
      await expect(reader.getByText(EDITED)).toHaveCount(0)
      await expect(reader.getByText(/^Updated /)).toHaveCount(0)

      // 'Send update' with a note: the review step again, then the next edition.
      await page.goto(`${base}/reports/${reportUuid}`)
      await page.getByText(EDITED, { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Send update' }).click()
      const review = page.getByRole('dialog', { name: 'Send an update' })
      await review.getByLabel('What changed (optional)').fill(NOTE)
      await review.getByRole('button', { name: 'Mark update as sent' }).click()
      await review.waitFor({ state: 'detached' })
      const editions = page.getByRole('region', { name: 'Editions' })
      await editions.getByText('Edition 2', { exact: true }).waitFor()
      const [second] = (await api(page, 'GET', `/api/reports/${reportUuid}/editions`)).json
      expect(second).toMatchObject({ number: 2, note: NOTE })

      await reader.reload()
      await reader.getByText(EDITED, { exact: true }).waitFor()
      await expect(reader.getByText(ITEM, { exact: true })).toHaveCount(0)
      await reader
        .getByText(`Updated ${memoDate(second.sent_at)}: ${NOTE}`, { exact: true })
        .waitFor()
    }))

  test("'Read' opens an edition's own page, as its readers got it", () =>
    step(page, 'editions-read', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      await page.getByRole('button', { name: 'Read edition 1' }).click()
      await page.waitForURL(`${base}/reports/${reportUuid}/editions/1`)
      const about = page.locator('[data-slot="edition-about"]')
      await about.waitFor()
      await expect(about).toContainText('Edition 1')
      await page.getByText(ITEM, { exact: true }).waitFor()
      await expect(page.getByText(EDITED)).toHaveCount(0)
      await page.getByRole('link', { name: 'Download PDF' }).waitFor()
      await page.getByRole('button', { name: 'Back to Report' }).click()
      await page.waitForURL(`${base}/reports/${reportUuid}`)
    }))

  test('an edition read once opens offline, from the API cache like the other report pages', () =>
    step(page, 'editions-offline', async () => {
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null)
      await page.goto(`${base}/reports/${reportUuid}/editions/2`)
      await page.getByText(EDITED, { exact: true }).waitFor()
      await page.context().setOffline(true)
      try {
        await page.reload()
        const about = page.locator('[data-slot="edition-about"]')
        await about.waitFor()
        await expect(about).toContainText(NOTE)
        await page.getByText(EDITED, { exact: true }).waitFor()
      } finally {
        await page.context().setOffline(false)
      }
    }))

  test('the PDF downloaded from the report page has the edition as sent (pdftotext)', () =>
    step(page, 'editions-pdf', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      const editions = page.getByRole('region', { name: 'Editions' })
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        editions.getByRole('link', { name: 'Download PDF of edition 2' }).click(),
      ])
      // Named after the organisation (when set), the week and the edition.
      expect(download.suggestedFilename()).toMatch(
        /Weekly Report — \w{3} \d{1,2}, \d{4} — edition 2\.pdf$/,
      )
      const dir = mkdtempSync(join(tmpdir(), 'cadence-e2e-pdf-'))
      try {
        const file = join(dir, 'edition-2.pdf')
        await download.saveAs(file)
        const text = pdfText(file)
        for (const expected of [
          'Exec Tester',
          'Weekly Report',
          'Board brief',
          'Beta on track; hiring on plan.',
          'Edition 2',
          `: ${NOTE}`,
          'Since last week',
          'Highlights',
          EDITED,
          'End of Report',
        ])
          expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true })
        expect(text).not.toContain(ITEM)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }))
})
