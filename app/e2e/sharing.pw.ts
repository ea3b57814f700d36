// Reports that travel: an executive sets each project's health, shares the report by
// a private link, a reader without an account opens it, asks a question and acknowledges it; the
// question lands as a follow-up in the executive's report; revoking ends the link at once.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  chooseOption,
  expect,
  monday,
  newPage,
  shot,
  signedInPage,
  step,
} from './helpers'

let browser: Browser
let page: Page
let reportUuid = ''
let link = ''

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'sharing')
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  await api(page, 'POST', '/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  await api(page, 'POST', '/api/team-members', { name: 'Tom Reed', email: 'tom@example.com' })
  const apollo = (await api(page, 'POST', '/api/projects', { name: 'Apollo' })).json
  const report = (
    await api(page, 'POST', '/api/reports', { week_start_date: monday(), title: 'Board brief' })
  ).json
  reportUuid = report.uuid
  await api(page, 'POST', '/api/section-items', {
    section_id: report.sections[0].id,
    content: 'Apollo beta with two design partners',
    project_id: apollo.id,
  })
})
afterAll(async () => {
  await browser?.close()
})

describe('reports that travel', () => {
  test('health set on the report page shows in the draft', () =>
    step(page, 'sharing-health', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      const panel = page.getByRole('region', { name: 'Project health' })
      await panel.waitFor()
      await chooseOption(page, panel.getByRole('combobox', { name: 'Health of Apollo' }), 'At risk')
      const why = panel.getByRole('textbox', { name: 'Why, for Apollo' })
      await expect(why).toBeEnabled()
      await why.fill('Vendor slipped the beta by two weeks')
      await why.press('Enter')
      await expect
        .poll(
          async () =>
            (await api(page, 'GET', `/api/reports/${reportUuid}`)).json.project_health[0].note,
        )
        .toEqual('Vendor slipped the beta by two weeks')
      await page.goto(`${base}/reports/${reportUuid}/draft`)
      const table = page.getByRole('region', { name: 'Project health' }).getByRole('table')
      await table.waitFor()
      await expect(table).toContainText('At risk')
      await expect(table).toContainText('Vendor slipped the beta by two weeks')
    }))

  test('Share makes a private link shown once', () =>
    step(page, 'sharing-dialog', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      await page.getByRole('button', { name: 'Share' }).click()
      const dialog = page.getByRole('dialog', { name: 'Share a private link' })
      await dialog.getByRole('button', { name: 'Create link' }).click()
      const url = dialog.getByRole('textbox', { name: 'Link' })
      await url.waitFor()
      link = await url.inputValue()
      expect(link).toMatch(new RegExp(`^${base}/r/[A-Za-z0-9_-]{43}$`))
      await shot(page, 'sharing-dialog-created')
      await dialog.getByRole('button', { name: 'Done' }).click()
    }))

  test('a reader without an account reads a memo from its author, asks about an item and says thanks once', async () => {
    const reader = await newPage(browser)
    try {
      await reader.goto(link)
      await reader.getByRole('heading', { name: 'Project health' }).waitFor()
      await expect(reader.getByRole('region', { name: 'Project health' })).toContainText('At risk')
      // A memo from someone: the author at the top, and 'Not sent yet' for a link made from a
      // draft.
      const header = reader.locator('[data-slot="memo-header"]')
      await expect(header).toContainText('From Exec Tester')
      await expect(header).toContainText('Not sent yet')
      // Nothing of the app around it: no navigation, no sign-in.
      await expect(reader.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
      await shot(reader, 'sharing-reader')
      // One Ask per item, shown on hover; the whole brief has one 'Ask a question'.
      await reader.getByText('Apollo beta with two design partners').hover()
      await reader
        .getByRole('button', { name: 'Ask about “Apollo beta with two design partners”' })
        .click()
      const form = reader.getByRole('form', {
        name: 'Question about “Apollo beta with two design partners”',
      })
      await form.getByRole('textbox', { name: 'Your name' }).fill('Maria')
      await form.getByRole('textbox', { name: 'Question' }).fill('Board: why is Apollo at risk?')
      await form.getByRole('button', { name: 'Send question' }).click()
      await reader.getByText('Sent. The author will see it').first().waitFor()
      // The name was given once: 'Read — thanks' is one press.
      await reader.getByRole('button', { name: 'Read — thanks' }).click()
      await reader.getByText('Thanks: the author will see that you have read it.').waitFor()
      await shot(reader, 'sharing-reader-asked')
      // This browser remembers it: after a reload, no second 'Read — thanks', and a question on
      // the whole brief asks for no name.
      await reader.reload()
      await reader.getByText('Thanks: the author will see that you have read it.').waitFor()
      await expect(reader.getByRole('button', { name: 'Read — thanks' })).toHaveCount(0)
      await reader.getByRole('button', { name: 'Ask a question' }).click()
      const whole = reader.getByRole('form', { name: 'Question on the whole report' })
      await whole.getByText('As Maria').waitFor()
      await expect(whole.getByRole('textbox', { name: 'Your name' })).toHaveCount(0)
    } finally {
      await reader.context().close()
    }
  })

  test('on a phone the shared health table is stacked cards, nothing cut off', async () => {
    const reader = await newPage(browser, { width: 390, height: 844 })
    try {
      await reader.goto(link)
      const table = reader.getByRole('region', { name: 'Project health' }).getByRole('table')
      await table.waitFor()
      const fits = await table.evaluate(
        (el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0),
      )
      expect(fits).toBe(true)
      const row = table.getByRole('row').nth(1)
      await expect(row).toHaveCSS('display', 'grid')
      await expect(row).toContainText('Vendor slipped the beta by two weeks')
      await shot(reader, 'sharing-reader-phone')
    } finally {
      await reader.context().close()
    }
  })

  test("the question is a follow-up in the executive's report, the link's views are listed, and revoking ends it", () =>
    step(page, 'sharing-revoked', async () => {
      // Away from the report, the new question is counted on Reports and on the report's entry.
      await page.goto(`${base}/dashboard?sidebar=reports`)
      const main = page.getByRole('navigation', { name: 'Main' })
      await main.getByRole('link', { name: 'Reports 1 new question from readers' }).waitFor()
      const entry = page
        .getByRole('complementary', { name: 'Sidebar' })
        .locator(`a[href="/reports/${reportUuid}"]`)
      await entry.getByText('1 new question').waitFor()
      await shot(page, 'sharing-question-badge')
      await entry.click()
      await page.waitForURL(`${base}/reports/${reportUuid}`)
      // Seen on the report page: the badges go (the page still marks it new until reloaded).
      await main.getByRole('link', { name: 'Reports', exact: true }).waitFor()
      await expect(entry.getByText('1 new question')).toHaveCount(0)
      await page
        .getByText(/A reader asked on the brief of .+: Board: why is Apollo at risk\?/)
        .waitFor()
      // The author answers on the report page; the reader sees it under the question.
      const questions = page.getByRole('region', { name: /Questions from readers/ })
      await questions.getByText('1 new').waitFor()
      await questions
        .getByRole('textbox', { name: 'Your answer (readers of the link see it)' })
        .fill('The vendor slipped QA by two weeks.')
      await questions.getByRole('button', { name: 'Save answer' }).click()
      await questions.getByText('The vendor slipped QA by two weeks.').waitFor()
      await shot(page, 'sharing-answered')
      const answered = await newPage(browser)
      try {
        await answered.goto(link)
        await answered.getByText('The vendor slipped QA by two weeks.').waitFor()
      } finally {
        await answered.context().close()
      }
      await page.goto(`${base}/settings`)
      await page.getByRole('button', { name: 'Sharing' }).click()
      await page.getByText(/Opened \d+ times?/).waitFor()
      await shot(page, 'sharing-settings')
      await page.getByRole('button', { name: 'Revoke' }).click()
      await page.getByRole('button', { name: 'Revoke link' }).click()
      await page.getByText('Revoked', { exact: true }).waitFor()
      const reader = await newPage(browser)
      try {
        await reader.goto(link)
        await reader.getByRole('heading', { name: 'This link is no longer available' }).waitFor()
        await shot(reader, 'sharing-link-gone')
      } finally {
        await reader.context().close()
      }
    }))
})
