// Sources (issue 47): a GitHub source connected in Settings › Sources on the loopback stand-in
// (server/testing/vendor-stand-in.ts, started by scripts/e2e.ts with OUTBOUND_ALLOW_PRIVATE and
// a fake model at AI_BASE_URL), two suggestions added from the report page's tray, the summary
// drafted by the model with each sentence's items, used, and the report sent; its edition says
// which model drafted the summary.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, newPage, signInTourSkipped, step } from './helpers'

const vendor = process.env.E2E_VENDOR_URL as string
let browser: Browser
let page: Page
let uuid: string

type Item = { content: string; source_url?: string | null }
const items = async () =>
  (await api(page, 'GET', `/api/reports/${uuid}`)).json.sections.flatMap(
    (s: { items: Item[] }) => s.items,
  ) as Item[]

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await newPage(browser)
  await signInTourSkipped(page, `sources-${Date.now()}@example.com`)
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  const res = await api(page, 'POST', '/api/reports', { week_start_date: monday() })
  expect(res.status).toBe(200)
  uuid = res.json.uuid
})
afterAll(async () => {
  await browser?.close()
})

describe('sources', () => {
  test('connect GitHub, add two suggestions, draft the summary, send', () =>
    step(page, 'sources-journey', async () => {
      expect(typeof vendor).toBe('string')
      await page.goto(`${base}/settings?tab=sources`)
      await page.getByRole('textbox', { name: 'Address' }).fill(`${vendor}/github`)
      await page.getByLabel('Token').fill('ok')
      await page.getByRole('button', { name: 'Connect' }).click()
      await page.getByText(/^GitHub · 127\.0\.0\.1:/).waitFor()
      // The token is never answered.
      const listed = await api(page, 'GET', '/api/sources')
      expect(JSON.stringify(listed.json)).not.toContain('"ok"')

      await page.goto(`${base}/reports/${uuid}`)
      const tray = page.getByRole('region', { name: 'From your tools' })
      await tray.getByRole('link', { name: 'Merged pull request 1' }).waitFor()
      await tray.getByRole('button', { name: 'Add Merged pull request 1' }).click()
      await tray.getByRole('button', { name: 'Add Merged pull request 2' }).click()
      await expect
        .poll(async () => (await items()).map((i) => i.content).sort())
        .toEqual(['Merged pull request 1', 'Merged pull request 2'])
      await tray.getByRole('link', { name: 'Merged pull request 2' }).waitFor({ state: 'detached' })

      const panel = page.getByRole('region', { name: 'Draft summary' })
      await panel.getByRole('button', { name: 'Draft summary' }).click()
      await panel.getByText('Drafted by grounded; every sentence cites your items.').waitFor()
      await panel.getByRole('list', { name: 'Rests on' }).first().waitFor()
      await panel.getByRole('button', { name: 'Use as summary' }).click()
      await expect
        .poll(async () => (await api(page, 'GET', `/api/reports/${uuid}`)).json.summary)
        .toEqual('Done: Merged pull request 1. Done: Merged pull request 2.')

      await page.getByRole('button', { name: 'Send', exact: true }).click()
      const review = page.getByRole('dialog', { name: 'Review and send' })
      await review.getByRole('button', { name: /^(Send now|Mark as sent)$/ }).waitFor()
      if ((await review.getByRole('checkbox').count()) > 0)
        await review.getByRole('checkbox').click()
      await review.getByRole('button', { name: /^(Send now|Mark as sent)$/ }).click()
      await expect
        .poll(async () => (await api(page, 'GET', `/api/reports/${uuid}`)).json.is_submitted)
        .toEqual(true)
      // The edition frozen at Send records which model drafted its summary, and says so.
      const edition = (await api(page, 'GET', `/api/reports/${uuid}/editions/1`)).json
      if (edition.summary_model !== 'grounded')
        throw new Error(`edition 1 summary_model: ${edition.summary_model}`)
      await page.goto(`${base}/reports/${uuid}/editions/1`)
      await page.getByText('Summary drafted with grounded, reviewed by').waitFor()
    }))
})
