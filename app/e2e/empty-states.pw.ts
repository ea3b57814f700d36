// Empty states with a next step: a new user's dashboard says 'No reports yet' and offers to
// create one (the week dialog), which opens the new report; search that finds nothing says what to try.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, openSearch, signedInPage, step } from './helpers'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'empty-states')
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
})
afterAll(async () => {
  await browser?.close()
})

describe('empty states with a next step', () => {
  test("the dashboard's 'No reports yet' creates the first report", () =>
    step(page, 'empty-dashboard-first-report', async () => {
      await page.goto(`${base}/dashboard`)
      const recent = page.locator('[data-slot="card"]', {
        has: page.getByRole('heading', { name: 'Recent Reports' }),
      })
      await recent.getByText('No reports yet', { exact: true }).waitFor()
      await recent.getByRole('button', { name: 'Create your first report' }).click()
      // The same create action as 'Create This Week's Report': the week dialog, this week.
      const dialog = page.getByRole('dialog', { name: 'Create New Weekly Report' })
      await dialog.getByText('This week', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Create Report' }).click()
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/)
      await page.getByRole('heading', { name: 'Weekly Report' }).waitFor()
      expect((await api(page, 'GET', '/api/reports')).json).toHaveLength(1)
    }))

  test('search that finds nothing says what to try', () =>
    step(page, 'empty-search-tips', async () => {
      const input = await openSearch(page)
      await input.fill('type:task qqzzxx wwyyvv')
      const dialog = page.getByRole('dialog', { name: 'Search' })
      await dialog.getByText('No results found for', { exact: false }).waitFor()
      const tips = dialog.getByRole('list', { name: 'Try' })
      await tips.getByText('Try fewer words: results match every word.').waitFor()
      await tips.getByText(/Remove type:task to search everything/).waitFor()
    }))
})
