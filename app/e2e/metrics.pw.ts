// Metrics: a metric defined in Settings, its value entered on the report page three weeks
// running, and the brief (the draft's memo and the reader's shared page) showing the value, the
// change since last week, the 13-week line and the flag: a missed target, and a second metric
// flagged for moving more than usual.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, newPage, signInTourSkipped, step, unique } from './helpers'

let browser: Browser
let page: Page
const reports: string[] = []

/** The Monday `weeks` weeks before this week's. */
function weeksBack(weeks: number) {
  const d = new Date(`${monday()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 7 * weeks)
  return d.toISOString().slice(0, 10)
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await newPage(browser)
  await signInTourSkipped(page, unique('metrics'))
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  // Three weeks of reports, oldest first: each starts with no value (never copied).
  for (const weeks of [2, 1, 0]) {
    const res = await api(page, 'POST', '/api/reports', { week_start_date: weeksBack(weeks) })
    expect(res.status).toBe(200)
    reports.push(res.json.uuid)
  }
})
afterAll(async () => {
  await browser?.close()
})

/** A metric's value on a report, as the server has it. */
async function valueOn(uuid: string, name = 'Signups') {
  const report = (await api(page, 'GET', `/api/reports/${uuid}`)).json
  return report.metrics.find((m: { name: string }) => m.name === name)?.value ?? null
}

describe('metrics', () => {
  test('a metric is defined in Settings', () =>
    step(page, 'metrics-settings', async () => {
      await page.goto(`${base}/settings`)
      await page.getByRole('button', { name: 'Metrics', exact: true }).click()
      await page.getByRole('textbox', { name: 'New metric name' }).fill('Signups')
      await page.getByRole('textbox', { name: 'New metric target' }).fill('100')
      await page.getByRole('button', { name: 'Add metric' }).click()
      await expect
        .poll(async () => {
          const list = (await api(page, 'GET', '/api/metrics')).json
          return list.map((m: { name: string; target: number; direction: string }) =>
            [m.name, m.target, m.direction].join(' '),
          )
        })
        .toEqual(['Signups 100 up'])
      await page.getByRole('textbox', { name: 'Target of Signups' }).waitFor()
    }))

  test('its value is entered on the report page three weeks running', () =>
    step(page, 'metrics-entered', async () => {
      // A second metric with four earlier weeks of small moves (entered before, through the API).
      const leads = (await api(page, 'POST', '/api/metrics', { name: 'Leads', direction: 'up' }))
        .json
      for (const [weeks, value] of [50, 52, 50, 51].map((v, i) => [6 - i, v])) {
        const earlier = await api(page, 'POST', '/api/reports', {
          week_start_date: weeksBack(weeks),
        })
        await api(page, 'PUT', `/api/reports/${earlier.json.uuid}/metric-values/${leads.id}`, {
          value,
        })
      }
      const weeks = [
        ['120', '50'],
        ['130', '51'],
        ['60', '90'],
      ]
      for (const [i, [signups, leadsValue]] of weeks.entries()) {
        await page.goto(`${base}/reports/${reports[i]}`)
        const input = page.getByRole('textbox', { name: /^Signups/ })
        // A new week is empty; last week's value is beside it.
        await expect(input).toHaveValue('')
        await input.fill(signups)
        await input.press('Enter')
        await expect.poll(() => valueOn(reports[i])).toEqual(Number(signups))
        const second = page.getByRole('textbox', { name: /^Leads/ })
        await second.fill(leadsValue)
        await second.press('Enter')
        await expect.poll(() => valueOn(reports[i], 'Leads')).toEqual(Number(leadsValue))
      }
      // The third week's block says the miss at once (the server's answer).
      await page.getByText('Missed target').first().waitFor()
      await page.getByText('Last: 130').waitFor()
    }))

  test('the brief shows the value, the change, the three weeks and the flag', () =>
    step(page, 'metrics-brief', async () => {
      await page.goto(`${base}/reports/${reports[2]}/draft`)
      const row = page.getByRole('row', { name: /^Signups/ })
      await row.waitFor()
      const text = (await row.textContent()) ?? ''
      expect(text).toContain('60')
      expect(text).toContain('−70')
      expect(text).toContain('Missed target')
      await row.getByRole('img', { name: 'Signups, last 13 weeks: 120, 130, 60' }).waitFor()
      // The one that moved more than usual is flagged too.
      const moved = page.getByRole('row', { name: /^Leads/ })
      await expect(moved).toContainText('Unusual move')
      await expect(moved).toContainText('+39')
      // A reader of the private link sees the same row.
      const share = await api(page, 'POST', `/api/reports/${reports[2]}/shares`, {})
      expect(share.status).toBe(201)
      const reader = await newPage(browser)
      await reader.goto(share.json.url)
      const shared = reader.getByRole('row', { name: /^Signups/ })
      await shared.waitFor()
      await expect(shared).toContainText('Missed target')
      await reader.close()
    }))
})
