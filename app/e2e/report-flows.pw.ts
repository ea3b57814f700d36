// Report journeys (the report page, its modals, the dashboard): a past week through the week
// selector, items in each section type, inline edit keys, completion with its animation, delete
// confirms, Mark as Sent and back to Draft, import with preview, '+N more'. One signed-in user for
// the whole file; each journey saves its final screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, chooseOption, expect, signedInPage, step, toast } from './helpers'

let browser: Browser
let page: Page
let reportUuid = ''
const projectIds: Record<string, number> = {}
const memberIds: Record<string, number> = {}

/** YYYY-MM-DD of the Monday `weeks` weeks from this week's (the default week start). */
function monday(weeks = 0) {
  const d = new Date()
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7 * weeks)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

const section = (name: string) => page.getByRole('region', { name })
const rowTexts = (name: string) =>
  section(name).locator('[data-slot="item-row"] .cad-item-content').allTextContents()
/** The items of a section grouped under a project heading. */
const group = (name: string, project: string) =>
  section(name).locator('.cad-item-group', { has: page.getByRole('heading', { name: project }) })
const row = (text: string) => page.locator('[data-slot="item-row"]', { hasText: text })

/**
 * Starts recording, in the page, the completion phases of the row `text` in section `name`:
 * 'completing' (class is-completing), 'held' (is-held) and 'done' (neither, after held), each with
 * the section's row order when it began and its time in ms since this call. Returns a reader.
 */
async function recordPhases(name: string, text: string) {
  const region = await section(name).elementHandle()
  if (!region) throw new Error(`no section ${name}`)
  await region.evaluate((el, text) => {
    type Phase = { phase: string; at: number; order: string[] }
    const start = performance.now()
    const phases: Phase[] = []
    ;(window as unknown as { __phases: Phase[] }).__phases = phases
    const order = () =>
      [...el.querySelectorAll('[data-slot="item-row"] .cad-item-content')].map(
        (c) => c.textContent ?? '',
      )
    const phaseNow = () => {
      const li = [...el.querySelectorAll('li')].find(
        (l) =>
          (l.classList.contains('is-completing') || l.classList.contains('is-held')) &&
          l.textContent?.includes(text),
      )
      if (li?.classList.contains('is-completing')) return 'completing'
      if (li) return 'held'
      return phases.length ? 'done' : null
    }
    const check = () => {
      const phase = phaseNow()
      const last = phases.at(-1)
      if (phase && phase !== last?.phase)
        phases.push({ phase, at: performance.now() - start, order: order() })
      // The move into the completed group may come a render after the phase's class.
      else if (phase && last && phase !== 'done') last.order = order()
    }
    new MutationObserver(check).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class'],
    })
  }, text)
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __phases: { phase: string; at: number; order: string[] }[] })
          .__phases,
    )
}

async function currentReport() {
  return (await api(page, 'GET', `/api/reports/${reportUuid}`)).json
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'reports')
  for (const [name, type] of [
    ['Highlights', 'standard'],
    ['Action Items', 'tasks'],
    ['Follow-ups', 'followups'],
  ]) {
    expect((await api(page, 'POST', '/api/section-templates', { name, type })).status).toBe(200)
  }
  for (const name of ['Apollo', 'Borealis']) {
    projectIds[name] = (await api(page, 'POST', '/api/projects', { name })).json.id
  }
  for (const [name, title, email] of [
    ['Bo Chen', 'CTO', 'bo@example.com'],
    ['Dana Ruiz', 'VP Sales', 'dana@example.com'],
  ]) {
    memberIds[name] = (await api(page, 'POST', '/api/team-members', { name, title, email })).json.id
  }
})
afterAll(async () => {
  await browser?.close()
})

describe('report journeys', () => {
  test('a report for a past week through the week selector; the same week again opens it', () =>
    step(page, 'report-past-week', async () => {
      await page.goto(`${base}/dashboard?sidebar=reports`)
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
      await sidebar.getByText('No reports yet', { exact: true }).waitFor()
      await sidebar.getByRole('button', { name: 'Add New Report' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create New Weekly Report' })
      await dialog.getByText('This week', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Previous week' }).click()
      await dialog.getByRole('button', { name: 'Previous week' }).click()
      await dialog.getByText('2 weeks ago', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Today' }).waitFor()
      await dialog.getByLabel('Title (optional)').fill('Two weeks back')
      await dialog.getByRole('button', { name: 'Create Report' }).click()
      await toast(page, 'Weekly report created successfully!')
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/)
      const uuid = new URL(page.url()).pathname.split('/')[2]
      const report = (await api(page, 'GET', `/api/reports/${uuid}`)).json
      expect(report.week_start_date).toBe(monday(-2))
      expect(report.title).toBe('Two weeks back')
      await page.getByRole('button', { name: 'Title: Two weeks back' }).waitFor()
      // The sidebar lists it among the recent reports, as a draft; this week has none yet.
      await sidebar.getByText('No report for this week', { exact: true }).waitFor()
      await sidebar.getByText('Two weeks back', { exact: true }).waitFor()

      // The same week once more: the user is told, and that report opens.
      await page.goto(`${base}/dashboard?sidebar=reports`)
      await sidebar.getByRole('button', { name: 'Add New Report' }).click()
      await dialog.getByRole('button', { name: 'Previous week' }).click()
      await dialog.getByRole('button', { name: 'Previous week' }).click()
      await dialog.getByRole('button', { name: 'Create Report' }).click()
      await toast(page, 'A report already exists for this week. Opening it now...')
      await page.waitForURL(`${base}/reports/${uuid}`)
      await page.getByRole('button', { name: 'Title: Two weeks back' }).waitFor()
    }))

  test("this week's report: items in each section type, tagged to projects and assigned by @mention", () =>
    step(page, 'report-items', async () => {
      await page.goto(`${base}/dashboard`)
      await page.getByRole('button', { name: "Create This Week's Report" }).click()
      const dialog = page.getByRole('dialog', { name: 'Create New Weekly Report' })
      await dialog.getByText('This week', { exact: true }).waitFor()
      await dialog.getByRole('button', { name: 'Create Report' }).click()
      await toast(page, 'Weekly report created successfully!')
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/)
      reportUuid = new URL(page.url()).pathname.split('/')[2]
      expect((await currentReport()).week_start_date).toBe(monday(0))
      await page.getByRole('heading', { name: 'Weekly Report', level: 1 }).waitFor()
      await page
        .getByRole('button', { name: "Title: Add a title for this week's report..." })
        .waitFor()
      await page
        .getByRole('button', { name: "Summary: Add a summary of this week's progress..." })
        .waitFor()

      // Standard: a bullet with a project tag; no @ suggestions there.
      const highlights = page.getByRole('combobox', { name: 'Add an item to Highlights' })
      const highlightsProject = page.getByRole('combobox', {
        name: 'Project for new Highlights item',
      })
      await chooseOption(page, highlightsProject, 'Borealis')
      await highlights.fill('Closed the quarter')
      await highlights.press('Enter')
      await row('Closed the quarter').waitFor()
      await chooseOption(page, highlightsProject, 'No project')
      await highlights.fill('Hired two engineers @Bo')
      await expect(page.getByRole('option', { name: /Bo Chen/ })).toHaveCount(0)
      await highlights.press('Enter')
      await row('Hired two engineers @Bo').waitFor()

      // Tasks: @ by name.
      const tasks = page.getByRole('combobox', { name: 'Add an item to Action Items' })
      await tasks.fill('Ship the pricing page @bo')
      await page.getByRole('option', { name: /Bo Chen/ }).waitFor()
      await tasks.press('Enter')
      await page.getByRole('button', { name: /@Bo Chen/ }).waitFor()
      await expect(tasks).toHaveValue('Ship the pricing page')
      await chooseOption(
        page,
        page.getByRole('combobox', { name: 'Project for new Action Items item' }),
        'Apollo',
      )
      await tasks.press('Enter')
      await row('Ship the pricing page').getByText('Assigned to Bo Chen').waitFor()

      // Follow-ups: @ by title, case-insensitively.
      const followups = page.getByRole('combobox', { name: 'Add an item to Follow-ups' })
      await followups.fill('Call the bank @vp')
      await page.getByRole('option', { name: /Dana Ruiz/ }).waitFor()
      await followups.press('Enter')
      await followups.press('Enter')
      await row('Call the bank').getByText('Assigned to Dana Ruiz').waitFor()

      // Grouped by project, no-project items first.
      await expect
        .poll(() => rowTexts('Highlights'))
        .toEqual(['Hired two engineers @Bo', 'Closed the quarter'])
      await group('Highlights', 'Borealis').getByText('Closed the quarter').waitFor()
      await group('Action Items', 'Apollo').getByText('Ship the pricing page').waitFor()
      const saved = await currentReport()
      const items = saved.sections.flatMap(
        (s: { items: { content: string; item_type: string; project_id: number | null }[] }) =>
          s.items,
      )
      expect(
        items.map((i: { content: string; item_type: string; project_id: number | null }) => [
          i.content,
          i.item_type,
          i.project_id,
        ]),
      ).toEqual([
        ['Closed the quarter', 'standard', projectIds.Borealis],
        ['Hired two engineers @Bo', 'standard', null],
        ['Ship the pricing page', 'task', projectIds.Apollo],
        ['Call the bank', 'followup', null],
      ])
    }))

  test('inline edit keys: Enter saves, Escape cancels, Ctrl+Enter saves multi-line; delete asks first', () =>
    step(page, 'report-inline-edit', async () => {
      // Title: Escape cancels, Enter saves.
      await page
        .getByRole('button', { name: "Title: Add a title for this week's report..." })
        .click()
      const title = page.getByRole('textbox', { name: 'Title' })
      await title.fill('Discarded')
      await title.press('Escape')
      await page
        .getByRole('button', { name: "Title: Add a title for this week's report..." })
        .waitFor()
      await page
        .getByRole('button', { name: "Title: Add a title for this week's report..." })
        .click()
      await title.fill('Week of launches')
      await title.press('Enter')
      await page.getByRole('button', { name: 'Title: Week of launches' }).waitFor()

      // Summary: Enter is a new line, Ctrl+Enter saves.
      await page
        .getByRole('button', { name: "Summary: Add a summary of this week's progress..." })
        .click()
      const summary = page.getByRole('textbox', { name: 'Summary' })
      await summary.type('Pricing shipped.')
      await summary.press('Enter')
      await summary.type('Hiring on track.')
      await summary.waitFor()
      await summary.press('Control+Enter')
      await summary.waitFor({ state: 'detached' })
      await expect.poll(async () => (await currentReport()).title).toEqual('Week of launches')
      expect((await currentReport()).summary).toBe('Pricing shipped.\nHiring on track.')

      // An item: Escape cancels the edit, Enter saves it.
      await page.getByRole('button', { name: 'Edit: Closed the quarter' }).click()
      const editor = page.getByRole('textbox', { name: 'Edit item' })
      await editor.fill('Nothing to see')
      await editor.press('Escape')
      await row('Closed the quarter').waitFor()
      await expect(row('Nothing to see')).toHaveCount(0)
      await page.getByRole('button', { name: 'Edit: Closed the quarter' }).click()
      await editor.fill('Closed the quarter early')
      await editor.press('Enter')
      await row('Closed the quarter early').waitFor()

      // Delete: the confirm says it cannot be undone; Cancel keeps the item, Yes deletes it.
      await page.getByRole('button', { name: 'Delete: Hired two engineers @Bo' }).click()
      await page.getByText('Delete this item? This cannot be undone.', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Cancel' }).click()
      await row('Hired two engineers @Bo')
        .getByRole('button', { name: /^Edit:/ })
        .waitFor()
      await page.getByRole('button', { name: 'Delete: Hired two engineers @Bo' }).click()
      await page.getByRole('button', { name: 'Yes, Delete' }).click()
      await toast(page, 'Item deleted successfully')
      await row('Hired two engineers @Bo').waitFor({ state: 'detached' })

      const saved = await currentReport()
      const contents = saved.sections.flatMap((s: { items: { content: string }[] }) =>
        s.items.map((i) => i.content),
      )
      expect(contents).toContain('Closed the quarter early')
      expect(contents).not.toContain('Hired two engineers @Bo')
    }))

  test('completing a task fades, moves to the completed group and stays marked for a second', () =>
    step(page, 'report-completion', async () => {
      const tasks = page.getByRole('combobox', { name: 'Add an item to Action Items' })
      await chooseOption(
        page,
        page.getByRole('combobox', { name: 'Project for new Action Items item' }),
        'No project',
      )
      for (const text of ['Draft the board memo', 'Book the offsite']) {
        await tasks.fill(text)
        await tasks.press('Enter')
        await row(text).waitFor()
      }
      await expect
        .poll(() => rowTexts('Action Items'))
        .toEqual(['Draft the board memo', 'Book the offsite', 'Ship the pricing page'])

      // The row's phases are recorded in the page as they happen, with the section's order at
      // each and the time since just before the click (polling from here could miss a phase on a
      // busy machine; timers never fire early, so the lower bounds hold however slow it is).
      const phases = await recordPhases('Action Items', 'Draft the board memo')
      await page.getByRole('checkbox', { name: 'Complete: Draft the board memo' }).click()
      await toast(page, 'Task completed')
      await expect
        .poll(async () => (await phases()).map((p) => p.phase))
        .toEqual(['completing', 'held', 'done'])
      const [completing, held, done] = await phases()
      // 0.3 s fade + 0.3 s move where it was clicked, then it joins the completed group.
      expect(completing.order[0]).toBe('Draft the board memo')
      expect(held.at).toBeGreaterThanOrEqual(550)
      expect(held.order).toEqual([
        'Book the offsite',
        'Draft the board memo',
        'Ship the pricing page',
      ])
      expect(done.at).toBeGreaterThanOrEqual(1550)
      await page.locator('[data-completed]', { hasText: 'Draft the board memo' }).waitFor()
      await page.getByRole('checkbox', { name: 'Mark as pending: Draft the board memo' }).waitFor()

      // And back to pending.
      await page.getByRole('checkbox', { name: 'Mark as pending: Draft the board memo' }).click()
      await toast(page, 'Task marked as pending')
      await page.getByRole('checkbox', { name: 'Complete: Draft the board memo' }).waitFor()
    }))

  test("'+N more tasks' on the report, '+N more' on the dashboard, completing from the dashboard", () =>
    step(page, 'report-more', async () => {
      const tasks = page.getByRole('combobox', { name: 'Add an item to Action Items' })
      const count = section('Action Items').locator('header .cad-num')
      for (const n of [1, 2, 3, 4]) {
        await tasks.fill(`Extra task ${n}`)
        await tasks.press('Enter')
        await expect(count).toHaveText(String(3 + n))
      }
      // 7 tasks: 5 shown, then '+2 more tasks'.
      await section('Action Items').getByRole('button', { name: '+2 more tasks' }).click()
      await row('Extra task 4').waitFor()
      await expect.poll(() => rowTexts('Action Items')).toHaveLength(7)
      await section('Action Items').getByRole('button', { name: 'Show fewer' }).click()
      await expect.poll(() => rowTexts('Action Items')).toHaveLength(5)

      await page.goto(`${base}/dashboard`)
      const active = page.locator('.cad-card', {
        has: page.getByRole('heading', { name: 'Active Tasks' }),
      })
      await active.getByText('+2 more', { exact: true }).waitFor()
      await expect(active.getByRole('checkbox')).toHaveCount(5)
      await active.getByRole('button', { name: '+2 more' }).click()
      await expect(active.getByRole('checkbox')).toHaveCount(7)
      await active.getByRole('button', { name: 'Show fewer' }).click()
      await expect(active.getByRole('checkbox')).toHaveCount(5)
      const followups = page.locator('.cad-card', {
        has: page.getByRole('heading', { name: 'Follow-ups' }),
      })
      await followups.getByText('Call the bank', { exact: true }).waitFor()
      await page.getByRole('link', { name: 'Week of launches' }).first().waitFor()

      const first = (await active.getByRole('checkbox').first().getAttribute('aria-label')) ?? ''
      await active.getByRole('checkbox').first().click()
      await toast(page, 'Task completed!')
      // The recently-completed set: the task stays, checked, for a while (10 s) to be taken back.
      await expect(active.getByRole('checkbox', { name: first })).toBeChecked()
      await page.reload()
      await active.getByText('+1 more', { exact: true }).waitFor()
      const done = (await currentReport()).sections
        .flatMap((s: { items: { content: string; is_completed: boolean }[] }) => s.items)
        .find((i: { content: string }) => `Complete ${i.content}` === first)
      expect(done?.is_completed).toBe(true)
    }))

  test('Mark as Sent with a chosen date, back to Draft, then Send', () =>
    step(page, 'report-status', async () => {
      await page.goto(`${base}/reports/${reportUuid}`)
      const status = page.getByRole('combobox', { name: 'Status' })
      await status.waitFor()
      expect((await status.textContent())?.trim()).toBe('Draft')
      const sentDate = monday(0)
      await page.getByLabel('Sent date').fill(sentDate)
      await page.getByRole('button', { name: 'Mark as Sent' }).click()
      await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ state: 'detached' })
      expect((await status.textContent())?.trim()).toBe('Sent')
      let saved = await currentReport()
      expect([saved.is_submitted, saved.sent_date]).toEqual([true, sentDate])
      await page.goto(`${base}/dashboard?sidebar=reports`)
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
      await sidebar
        .getByRole('link', { name: /Week of launches/ })
        .getByText('Submitted')
        .waitFor()

      await page.goto(`${base}/reports/${reportUuid}`)
      await status.click()
      await page.getByRole('option', { name: 'Draft' }).click()
      await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
      saved = await currentReport()
      expect([saved.is_submitted, saved.sent_date]).toEqual([false, null])

      await page.getByRole('button', { name: 'Send', exact: true }).click()
      // Send opens the review step; 'Send now' sends (an untitled or empty report asks once more).
      const review = page.getByRole('dialog', { name: 'Review and send' })
      await review.getByRole('button', { name: /^(Send now|Mark as sent)$/ }).waitFor()
      if ((await review.getByRole('checkbox').count()) > 0)
        await review.getByRole('checkbox').click()
      await review.getByRole('button', { name: /^(Send now|Mark as sent)$/ }).click()
      await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ state: 'detached' })
      saved = await currentReport()
      const now = new Date()
      const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
      expect([saved.is_submitted, saved.sent_date]).toEqual([true, today])
      await status.click()
      await page.getByRole('option', { name: 'Draft' }).click()
      await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    }))

  test('import from pasted text: preview first, then import with its counts', () =>
    step(page, 'report-import', async () => {
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Import Report' })
      await dialog.getByRole('button', { name: 'Preview' }).click()
      await dialog.getByText('Please paste report content to preview', { exact: true }).waitFor()
      await dialog
        .getByLabel('Report content')
        .fill(
          'Highlights\n- [Apollo] Signed the Acme deal\n\nAction Items\n- [Zephyr] Plan the Zephyr pilot\n- Review the budget\n\nFollow-ups\n- Chase the auditors',
        )
      await dialog.getByRole('button', { name: 'Preview' }).click()
      await dialog.getByText('3 sections, 4 items', { exact: true }).waitFor()
      const preview = dialog.getByRole('region', { name: 'Import preview' })
      await preview.getByText('Plan the Zephyr pilot').waitFor()
      await preview.getByText('Zephyr', { exact: true }).waitFor()
      // Back keeps the text; nothing is written by a preview.
      await dialog.getByRole('button', { name: 'Back' }).click()
      await expect(dialog.getByLabel('Report content')).toHaveValue(/Chase the auditors/)
      expect(JSON.stringify(await currentReport())).not.toContain('Acme')
      await dialog.getByRole('button', { name: 'Preview' }).click()
      await dialog.getByRole('button', { name: 'Import', exact: true }).click()
      await toast(page, 'Report imported successfully!')
      await toast(page, 'Imported 4 items from report and created 1 new project(s)')
      await dialog.waitFor({ state: 'detached' })

      await group('Highlights', 'Apollo').getByText('Signed the Acme deal').waitFor()
      await section('Action Items')
        .getByRole('button', { name: /^\+\d+ more tasks$/ })
        .click()
      await group('Action Items', 'Zephyr').getByText('Plan the Zephyr pilot').waitFor()
      await section('Follow-ups').getByText('Chase the auditors').waitFor()
      const projects = (await api(page, 'GET', '/api/projects')).json as { name: string }[]
      expect(projects.map((p) => p.name).sort()).toEqual(['Apollo', 'Borealis', 'Zephyr'])
    }))

  test('delete the report with the inline confirm; its address then shows Report not found', () =>
    step(page, 'report-deleted', async () => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click()
      await page.getByText('Delete this report?', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Delete', exact: true }).click()
      await page.getByRole('button', { name: 'Yes, Delete' }).click()
      await toast(page, 'Report and all related content deleted successfully')
      await page.waitForURL(`${base}/dashboard`)
      await page.getByRole('button', { name: "Create This Week's Report" }).waitFor()
      expect((await api(page, 'GET', `/api/reports/${reportUuid}`)).status).toBe(404)

      await page.goto(`${base}/reports/${reportUuid}`)
      await page.getByText('Report not found', { exact: true }).waitFor()
      await page.goto(`${base}/reports/${reportUuid}/draft`)
      await page.getByText('Report not found', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Go back' }).waitFor()
    }))
})
