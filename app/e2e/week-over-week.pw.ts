// Week over week (docs/week-over-week.md): last week's report with tasks, one done;
// this week's report created with carry-over shows the open task carried with its ageing and
// the 'Since last week' counts; Prepare 1:1 for the assignee covers a talking point; the draft
// copies as Markdown and for e-mail. One signed-in user for the file; each journey saves its
// final screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { startTestSmtp } from '@cadence/server/testing'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  expect,
  newPage,
  signedInPage,
  signInTourSkipped,
  startOwnServer,
  step,
  toast,
  unique,
} from './helpers'

let browser: Browser
let page: Page
let lastWeekUuid = ''
let thisWeekUuid = ''
let memberUuid = ''
let memberId = 0
let projectId = 0

/** The Monday `weeks` weeks from this week's (the default week start), as a Date and YYYY-MM-DD. */
function monday(weeks = 0) {
  const d = new Date()
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * weeks)
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  return { date: d, iso }
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** 'Nov 16': how the ageing label names the report an item comes from. */
const short = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}`

const row = (text: string) => page.locator('[data-slot="item-row"]', { hasText: text })
/** A row's age chip: its short text ('1w', 'new') and its sentence (the tooltip, for readers). */
const age = async (where: ReturnType<Page['locator']>) => {
  const chip = where.locator('[data-slot="age-chip"]')
  await chip.waitFor()
  return {
    short: (await chip.locator('.cad-age-chip__short').textContent()) ?? '',
    title: (await chip.getAttribute('title')) ?? '',
    sr: (await chip.locator('.cad-sr-only').textContent()) ?? '',
    carried: (await chip.getAttribute('data-carried')) === 'true',
  }
}
const sinceCount = (kind: string) =>
  page.locator(
    `[data-slot="since-last-week"] .cad-since__count[data-kind="${kind}"] .cad-since__number`,
  )

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'week-over-week')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  for (const [name, type] of [
    ['Action Items', 'tasks'],
    ['Follow-ups', 'followups'],
  ]) {
    expect((await api(page, 'POST', '/api/section-templates', { name, type })).status).toBe(200)
  }
  projectId = (await api(page, 'POST', '/api/projects', { name: 'Apollo' })).json.id
  const member = await api(page, 'POST', '/api/team-members', {
    name: 'Grace Hopper',
    title: 'Director',
    email: 'grace@example.com',
  })
  memberId = member.json.id
  memberUuid = member.json.uuid
  for (const content of ['Discuss the promotion case', 'Offsite agenda']) {
    const point = await api(page, 'POST', `/api/team-members/${memberUuid}/talking-points`, {
      content,
    })
    expect(point.status).toBe(200)
  }

  // Last week's report, with two tasks and a follow-up (setup through the API).
  const last = await api(page, 'POST', '/api/reports', {
    week_start_date: monday(-1).iso,
    title: 'Last week',
  })
  expect(last.status).toBe(200)
  lastWeekUuid = last.json.uuid
  const sections = (await api(page, 'GET', `/api/reports/${lastWeekUuid}`)).json.sections as {
    id: number
    section_name: string
  }[]
  const sectionId = (name: string) => sections.find((s) => s.section_name === name)?.id
  for (const [name, content, item_type, assignee] of [
    ['Action Items', 'Renew the vendor contract', 'task', memberId],
    ['Action Items', 'Close the Q3 books', 'task', null],
    ['Follow-ups', 'Check the hiring plan with finance', 'followup', null],
  ] as const) {
    const item = await api(page, 'POST', '/api/section-items', {
      section_id: sectionId(name),
      content,
      item_type,
      project_id: projectId,
      assigned_to_team_member_id: assignee,
    })
    expect(item.status).toBe(200)
  }
})
afterAll(async () => {
  await browser?.close()
})

describe('week over week', () => {
  test("last week's report: one task done, the others open", () =>
    step(page, 'wow-last-week', async () => {
      await page.goto(`${base}/reports/${lastWeekUuid}`)
      await row('Close the Q3 books').getByRole('checkbox').click()
      await toast(page, 'Task completed')
      await page
        .locator('[data-slot="item-row"][data-completed]', { hasText: 'Close the Q3 books' })
        .waitFor()
      // The first report has nothing to compare with.
      await page.getByText('No earlier report to compare with', { exact: true }).waitFor()
    }))

  test("this week's report with carry-over: the open items come along with their ageing", () =>
    step(page, 'wow-carried', async () => {
      await page.goto(`${base}/dashboard`)
      await page.getByRole('button', { name: "Create This Week's Report" }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Create New Weekly Report' })
      await dialog.getByText('This week', { exact: true }).waitFor()
      const carry = dialog.getByRole('checkbox', { name: /^Carry over open/ })
      // On by default (the user's carry_over setting).
      await expect(carry).toBeChecked()
      await dialog.getByRole('button', { name: 'Create Report' }).click()
      await toast(page, 'Weekly report created successfully!')
      await toast(page, 'Carried 2 open items from last week')
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/)
      thisWeekUuid = new URL(page.url()).pathname.split('/')[2]
      expect(thisWeekUuid).not.toBe(lastWeekUuid)

      // The open task and follow-up are here, open one week since last week's report: a '1w'
      // chip marked carried, the sentence its tooltip and what screen readers read; the done
      // task stayed behind.
      const since = `Open 1 week, since the report of ${short(monday(-1).date)}, carried over from an earlier report`
      const carried = { short: '1w', title: since, sr: since, carried: true }
      await expect.poll(() => age(row('Renew the vendor contract'))).toEqual(carried)
      await expect.poll(() => age(row('Check the hiring plan with finance'))).toEqual(carried)
      await expect(row('Close the Q3 books')).toHaveCount(0)

      // A new task this week.
      const add = page.getByRole('combobox', { name: 'Add an item to Action Items' })
      await add.fill('Draft the 2027 budget')
      await add.press('Enter')
      await add.press('Enter')
      await expect
        .poll(() => age(row('Draft the 2027 budget')))
        .toEqual({
          short: 'new',
          title: 'New this week',
          sr: 'New this week',
          carried: false,
        })

      // 'Since last week': 2 carried, 1 new (refreshed after the add), none completed or stalled.
      const counts = async () =>
        Object.fromEntries(
          await Promise.all(
            ['completed', 'new', 'carried', 'stalled'].map(
              async (kind) => [kind, (await sinceCount(kind).textContent())?.trim()] as const,
            ),
          ),
        )
      await expect.poll(counts).toEqual({ completed: '0', new: '1', carried: '2', stalled: '0' })
      await page.locator('.cad-since__count[data-kind="carried"]').click()
      await page
        .locator('[data-slot="since-last-week"] [data-slot="change-item"]', {
          hasText: 'Renew the vendor contract',
        })
        .waitFor()
    }))

  test("the project's timeline counts each week's completed, new, carried and stalled items", () =>
    step(page, 'wow-project', async () => {
      const projects = (await api(page, 'GET', '/api/projects')).json as {
        id: number
        uuid: string
      }[]
      const uuid = projects.find((p) => p.id === projectId)?.uuid
      await page.goto(`${base}/projects/${uuid}`)
      const counts = page.locator('[data-slot="week-change-counts"]')
      // This week: 2 carried (1 new has no project); last week: 1 completed, 3 new.
      await counts.first().waitFor()
      const texts = async () =>
        (await counts.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())
      await expect
        .poll(texts)
        .toEqual(['0 completed0 new2 carried0 stalled', '1 completed3 new0 carried0 stalled'])
    }))

  test('the dashboard sorts open items oldest first by default; the choice is remembered across a reload', () =>
    step(page, 'wow-dashboard-sort', async () => {
      // By default 'Oldest first' puts last week's items (open 1 week) above the new one;
      // 'Newest' is remembered after a reload.
      await page.goto(`${base}/dashboard`)
      const oldest = page.getByRole('button', { name: 'Oldest first' })
      const newest = page.getByRole('button', { name: 'Newest', exact: true })
      const firstTask = async () =>
        (await page.locator('[aria-label^="Complete "]').first().getAttribute('aria-label')) ?? ''
      await expect(oldest).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(firstTask).toEqual('Complete Renew the vendor contract')
      await newest.click()
      await expect.poll(firstTask).toEqual('Complete Draft the 2027 budget')
      await page.reload()
      await expect(newest).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(firstTask).toEqual('Complete Draft the 2027 budget')
      await oldest.click()
      await expect.poll(firstTask).toEqual('Complete Renew the vendor contract')
    }))

  test('Prepare 1:1 for the assignee: the carried task with its age; covering a talking point', () =>
    step(page, 'wow-prep', async () => {
      await page.goto(`${base}/team-members/${memberUuid}`)
      await page.getByRole('link', { name: 'Prepare 1:1' }).click()
      await page.waitForURL(`${base}/team-members/${memberUuid}/prep`)
      await page.getByRole('heading', { name: 'Prepare 1:1 with Grace Hopper', level: 1 }).waitFor()
      // The Team nav item is the active one.
      await page.locator('.cad-nav-item[aria-current="page"]', { hasText: 'Team' }).waitFor()

      // Only the newest copy of the carried task, open one week.
      const assigned = page.getByRole('region', { name: 'Assigned tasks' })
      const task = assigned.locator('li', { hasText: 'Renew the vendor contract' })
      await task.waitFor()
      await expect(task).toHaveCount(1)
      const taskAge = await age(task)
      expect(taskAge.short).toBe('1w')
      expect(
        taskAge.title.startsWith(`Open 1 week, since the report of ${short(monday(-1).date)}`),
      ).toBe(true)

      // Covering a talking point: the tab's toast, and it moves to 'Covered last time'.
      const points = page.getByRole('region', { name: 'Talking points' })
      await points.getByRole('checkbox', { name: 'Covered: Discuss the promotion case' }).click()
      await toast(page, 'Talking point marked as covered')
      const covered = page.getByRole('region', { name: 'Covered last time' })
      await covered.getByText('Discuss the promotion case', { exact: true }).waitFor()
      await points.getByText('Offsite agenda', { exact: true }).waitFor()
      await expect(points.getByText('Discuss the promotion case')).toHaveCount(0)
      const member = await api(page, 'GET', `/api/team-members/${memberUuid}/talking-points`)
      const point = (member.json as { content: string; is_completed: boolean }[]).find(
        (p) => p.content === 'Discuss the promotion case',
      )
      expect(point?.is_completed).toBe(true)

      await page.getByRole('button', { name: 'Print' }).click()
      expect(
        await page.evaluate(() => (window as unknown as { __printed: number }).__printed),
      ).toBe(1)
    }))

  test('the draft copies the report as Markdown and for e-mail', () =>
    step(page, 'wow-copy', async () => {
      await page.goto(`${base}/reports/${thisWeekUuid}/draft`)
      // The draft prints 'Since last week' as one line of counts (the items are in the body).
      const since = page.locator('[data-slot="since-last-week"]')
      const counts = since.locator('[data-slot="week-change-counts"]')
      await counts.getByText('2 carried').waitFor()
      await counts.getByText('1 new').waitFor()
      await expect(since.getByRole('heading', { name: /^(New|Carried) \(/ })).toHaveCount(0)
      await page.getByRole('button', { name: 'Copy as Markdown' }).click()
      await toast(page, 'Copied as Markdown')
      const markdown = await page.evaluate(() => navigator.clipboard.readText())
      expect(markdown).toContain('Renew the vendor contract')
      expect(markdown).toContain('Draft the 2027 budget')
      expect(markdown).toMatch(/^#/m)

      await page.getByRole('button', { name: 'Copy for e-mail' }).click()
      await toast(page, 'Copied for e-mail')
      const parts = await page.evaluate(async () => {
        const [item] = await navigator.clipboard.read()
        const html = await (await item.getType('text/html')).text()
        const text = await (await item.getType('text/plain')).text()
        return { types: [...item.types].sort(), html, text }
      })
      expect(parts.types).toEqual(['text/html', 'text/plain'])
      expect(parts.html).toContain('Renew the vendor contract')
      expect(parts.text).toContain('Draft the 2027 budget')
      expect(parts.text).not.toContain('<')
    }))
})

describe('report preferences', () => {
  test('carry-over off (Save Preferences) and a recipient (saved on Add) from Settings; the hint says e-mail is not configured', () =>
    step(page, 'wow-settings', async () => {
      await page.goto(`${base}/settings`)
      const prefs = page.locator('[data-slot="report-delivery-settings"]')
      await prefs
        .getByText('Needs e-mail to be configured on the server; nothing is sent until then.')
        .first()
        .waitFor()
      const carry = prefs.getByRole('checkbox', { name: 'Carry over open items' })
      await expect(carry).toBeChecked()
      // Carry-over is a field of the form: saved by 'Save Preferences', not by the click.
      await carry.click()
      await page.getByText('Unsaved changes', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Save Preferences' }).click()
      await toast(page, 'Settings saved successfully!')
      await prefs.getByLabel('Recipient e-mail').fill('ops@example.com')
      await prefs.getByRole('button', { name: 'Add recipient' }).click()
      await prefs.getByText('ops@example.com', { exact: true }).waitFor()
      const settings = async () => {
        const json = (await api(page, 'GET', '/api/user-settings')).json
        return { carry_over: json.carry_over, report_recipients: json.report_recipients }
      }
      await expect
        .poll(settings)
        .toEqual({ carry_over: false, report_recipients: ['ops@example.com'] })

      // The Create dialog's checkbox now starts unchecked, from the setting.
      await page.goto(`${base}/dashboard?sidebar=reports`)
      await page.getByRole('button', { name: 'Add New Report' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create New Weekly Report' })
      const box = dialog.getByRole('checkbox', { name: /^Carry over open/ })
      await box.waitFor()
      await expect(box).not.toBeChecked()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      // Back in Settings (the final screen): both choices are still there.
      await page.goto(`${base}/settings`)
      await prefs.getByText('ops@example.com', { exact: true }).waitFor()
      await expect(prefs.getByRole('checkbox', { name: 'Carry over open items' })).not.toBeChecked()
    }))
})

describe('e-mail delivery', () => {
  test('Send e-mails the report to the recipients and the report page follows the delivery', async () => {
    // A server of our own with SMTP configured, pointing at a real SMTP server on loopback.
    const smtp = await startTestSmtp()
    const saved = {
      url: process.env.SMTP_URL,
      from: process.env.MAIL_FROM,
      tls: process.env.SMTP_REQUIRE_TLS,
    }
    process.env.SMTP_URL = smtp.url
    process.env.MAIL_FROM = 'Cadence <reports@example.com>'
    // The loopback test server offers no STARTTLS: the explicit opt-out a deployment would need.
    process.env.SMTP_REQUIRE_TLS = 'off'
    const own = await startOwnServer().finally(() => {
      for (const [key, value] of [
        ['SMTP_URL', saved.url],
        ['MAIL_FROM', saved.from],
        ['SMTP_REQUIRE_TLS', saved.tls],
      ] as const) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    })
    try {
      const mailPage = await newPage(browser)
      // `step` screenshots the final screen (or every page on failure) without closing anything.
      await step(mailPage, 'wow-delivery', async () => {
        await signInTourSkipped(mailPage, unique('mailer'), 'Mail Tester', own.baseUrl)
        await api(mailPage, 'POST', '/api/section-templates', {
          name: 'Action Items',
          type: 'tasks',
        })
        // The recipient from Settings, where no 'not configured' hint shows with mail on.
        await mailPage.goto(`${own.baseUrl}/settings`)
        const prefs = mailPage.locator('[data-slot="report-delivery-settings"]')
        await prefs.getByLabel('Recipient e-mail').fill('board@example.com')
        await prefs.getByRole('button', { name: 'Add recipient' }).click()
        await toast(mailPage, 'Settings saved successfully!')
        expect(
          await prefs.getByText('Needs e-mail to be configured', { exact: false }).count(),
        ).toBe(0)
        const report = await api(mailPage, 'POST', '/api/reports', {
          week_start_date: monday(0).iso,
          title: 'Mailed week',
        })
        await mailPage.goto(`${own.baseUrl}/reports/${report.json.uuid}`)
        await mailPage.getByRole('button', { name: 'Title: Mailed week' }).waitFor()
        await mailPage.getByRole('button', { name: 'Send', exact: true }).click()
        // Send opens the review step; with mail set up and a recipient its button is 'Send now'
        // (an untitled or empty report asks once more).
        const review = mailPage.getByRole('dialog', { name: 'Review and send' })
        await review.getByRole('button', { name: 'Send now' }).waitFor()
        if ((await review.getByRole('checkbox').count()) > 0)
          await review.getByRole('checkbox').click()
        await review.getByRole('button', { name: 'Send now' }).click()
        // Pending at first, then polled until the mailer has sent it.
        await mailPage
          .locator('[data-slot="delivery-status"][data-status="sent"]')
          .getByText('Sent by e-mail to 1 recipient', { exact: true })
          .waitFor({ timeout: 60_000 })
        const [mail] = await smtp.waitFor(1)
        expect(mail.rcptTo).toEqual(['board@example.com'])
      })
      await mailPage.context().close()
    } finally {
      await own.dispose()
      await smtp.close()
    }
  })
})
