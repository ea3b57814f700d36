// Asks of the readers: the executive marks an item as an ask from the item's own action, a
// reader without an account approves it from the private link in one click, the approval shows
// on the executive's report page, is recorded as a decision in one click, and the ask is closed.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, newPage, shot, signedInPage, step } from './helpers'

const ASK = 'Approve the Q1 hiring budget'

let browser: Browser
let page: Page
let reportUuid = ''
let itemId = 0
let link = ''

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'asks')
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  await api(page, 'POST', '/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  const report = (
    await api(page, 'POST', '/api/reports', { week_start_date: monday(), title: 'Board brief' })
  ).json
  reportUuid = report.uuid
  itemId = (
    await api(page, 'POST', '/api/section-items', {
      section_id: report.sections[0].id,
      content: ASK,
    })
  ).json.id
})
afterAll(async () => {
  await browser?.close()
})

const askOf = async () =>
  (await api(page, 'GET', `/api/reports/${reportUuid}/asks`)).json.asks as Array<{
    item_id: number
    closed_at: string | null
    answers: Array<{ name: string; answer: string }>
  }>

describe('asks of the readers', () => {
  test('the executive marks an item as an ask from its own action', () =>
    step(page, 'asks-marked', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      await page.getByText(ASK).hover()
      await page.getByRole('button', { name: `Ask readers: ${ASK}` }).click()
      await page.getByText('Ask of readers').waitFor()
      await expect.poll(async () => (await askOf()).map((a) => a.item_id)).toEqual([itemId])
      // The draft's memo lists it right after the health table.
      await page.goto(`${base}/reports/${reportUuid}/draft`)
      await page.getByRole('heading', { name: 'Asks of you' }).waitFor()
      link = (await api(page, 'POST', `/api/reports/${reportUuid}/shares`, {})).json.url
      expect(link).toContain('/r/')
    }))

  test('a reader without an account approves it in one click under their name', async () => {
    const reader = await newPage(browser)
    try {
      await reader.goto(link)
      const block = reader.getByRole('region', { name: 'Asks of you' })
      await block.waitFor()
      // No session on this page: nothing of the app around it.
      await expect(reader.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
      await block.getByRole('textbox', { name: 'Your name' }).fill('Maria Alvarez')
      await block.getByRole('button', { name: 'Approve' }).click()
      await block.getByText('Maria Alvarez approved').waitFor()
      await shot(reader, 'asks-reader-approved')
      // The name is remembered in this browser: after a reload the block answers as Maria.
      await reader.reload()
      await reader.getByText('Answering as').waitFor()
      await expect(reader.getByRole('textbox', { name: 'Your name' })).toHaveCount(0)
    } finally {
      await reader.context().close()
    }
  })

  test("the approval reaches the executive's report page, becomes a decision, and the ask is closed", () =>
    step(page, 'asks-decided', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      const asks = page.getByRole('region', { name: /Asks of your readers/ })
      await asks.getByText('Maria Alvarez approved').waitFor()
      await asks.getByText('1 approved').waitFor()
      await asks.getByRole('button', { name: 'Record as decision' }).click()
      await asks.getByText('Recorded as a decision').waitFor()
      const decisions = (await api(page, 'GET', '/api/decisions')).json
      const list = (Array.isArray(decisions) ? decisions : decisions.decisions) as Array<{
        title: string
        source_item_id: number | null
      }>
      expect(list.find((d) => d.source_item_id === itemId)?.title).toBe(ASK)
      await asks.getByRole('button', { name: 'Close ask' }).click()
      await asks.getByText('Closed').waitFor()
      await expect.poll(async () => (await askOf())[0].closed_at !== null).toEqual(true)
      // A closed ask takes no more answers from the link.
      const token = link.split('/r/')[1]
      const late = await api(page, 'POST', `/api/shared/${token}/asks/${itemId}/answers`, {
        name: 'Sam',
        answer: 'decline',
      })
      expect(late.status).toBe(409)
    }))
})
