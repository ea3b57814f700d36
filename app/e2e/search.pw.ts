// Global search: opened by click, by Ctrl+K and by Ctrl+/ (keys typed at once are kept), grouped results with keyboard navigation, filters,
// hover and keyboard quick actions, and recent and saved searches that survive a reload. One
// signed-in user for the whole file; each journey saves its final screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, openSearch, signedInPage, step, toast } from './helpers'

let browser: Browser
let page: Page
let project = { id: 0, uuid: '' }
let reportUuid = ''
let member = ''
const itemIds: Record<string, number> = {}

const dialog = () => page.getByRole('dialog', { name: 'Search' })
const results = () => dialog().locator('[data-slot="search-result"] .cad-search__item-title')
const result = (title: string) =>
  dialog().locator('[data-slot="search-result"]', {
    has: page.locator('.cad-search__item-title', { hasText: title }),
  })
const groups = () => dialog().locator('[cmdk-group-heading]').allTextContents()
const selected = () =>
  dialog().locator('[cmdk-item][aria-selected="true"] .cad-search__item-title').textContent()
const footer = () => dialog().locator('footer span[aria-live]').textContent()

/** Types a query and waits for its results (debounced, then the server). */
async function search(query: string, first: string) {
  const input = await openSearch(page)
  await input.fill(query)
  await result(first).first().waitFor()
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'search')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  await api(page, 'POST', '/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  project = (await api(page, 'POST', '/api/projects', { name: 'Orion Launch' })).json
  await api(page, 'POST', '/api/projects', { name: 'Vega' })
  member = (
    await api(page, 'POST', '/api/team-members', {
      name: 'Olivia Orion',
      title: 'COO',
      email: 'olivia@example.com',
    })
  ).json.uuid
  const report = (
    await api(page, 'POST', '/api/reports', {
      week_start_date: '2026-06-01',
      title: 'Orion weekly',
    })
  ).json
  reportUuid = report.uuid
  const sections = report.sections as { id: number; section_name: string }[]
  const sectionId = (name: string) => sections.find((s) => s.section_name === name)?.id
  for (const [section, content] of [
    ['Action Items', 'Orion pricing review'],
    ['Action Items', 'Orion vendor contract'],
    ['Follow-ups', 'Orion legal sign-off'],
  ]) {
    const res = await api(page, 'POST', '/api/section-items', {
      section_id: sectionId(section),
      content,
      project_id: project.id,
      assigned_to_team_member_id: null,
    })
    expect(res.status).toBe(200)
    itemIds[content] = res.json.id
  }
  await api(page, 'PUT', `/api/section-items/${itemIds['Orion vendor contract']}`, {
    is_completed: true,
  })
})
afterAll(async () => {
  await browser?.close()
})

describe('global search', () => {
  test('opened by click and by Ctrl+/: hints, grouped results, keyboard navigation, Enter opens', () =>
    step(page, 'search-keyboard', async () => {
      await page.goto(`${base}/dashboard`)
      await page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('button', { name: /Search/ })
        .click()
      const input = page.getByPlaceholder('Search everything...')
      await input.waitFor()
      await dialog().getByText('Type at least 2 characters to search', { exact: true }).waitFor()
      await input.fill('o')
      await dialog().getByText('Type at least 2 characters to search', { exact: true }).waitFor()
      await page.keyboard.press('Escape')
      await dialog().waitFor({ state: 'detached' })

      await page.keyboard.press('Control+/')
      await input.waitFor()
      await input.fill('qqzzxx')
      await dialog().getByText('No results found for', { exact: false }).waitFor()
      await expect(dialog().locator('.cad-search__state-title')).toHaveText(
        'No results found for qqzzxx',
      )

      await input.fill('orion')
      await result('Orion Launch').waitFor()
      await expect
        .poll(() => groups())
        .toEqual(['Reports', 'Projects', 'Tasks', 'Follow-ups', 'Team Members'])
      expect((await results().allTextContents()).sort()).toEqual(
        [
          'Orion weekly',
          'Orion Launch',
          'Orion pricing review',
          'Orion vendor contract',
          'Orion legal sign-off',
          'Olivia Orion',
        ].sort(),
      )
      await expect.poll(() => footer()).toBe('6 results')
      await result('Orion vendor contract').getByText('Orion weekly · Completed').waitFor()
      await result('Orion pricing review').getByText('Orion weekly · Open').waitFor()

      // Arrow keys move the highlight (wrapping), Enter opens the highlighted result.
      await expect.poll(selected).toEqual('Orion weekly')
      await page.keyboard.press('ArrowDown')
      await expect.poll(selected).toEqual('Orion Launch')
      await page.keyboard.press('ArrowUp')
      await expect.poll(selected).toEqual('Orion weekly')
      await page.keyboard.press('ArrowUp')
      await expect.poll(selected).toEqual('Olivia Orion')
      await page.keyboard.press('Enter')
      await page.waitForURL(`${base}/team-members/${member}`)
      await dialog().waitFor({ state: 'detached' })
      await page.getByRole('heading', { name: 'Olivia Orion' }).waitFor()
    }))

  test('filters narrow the results by status and by type', () =>
    step(page, 'search-filters', async () => {
      await search('orion', 'Orion Launch')
      await dialog().getByRole('button', { name: 'Filters', exact: true }).click()
      const filters = dialog().locator('[data-slot="search-filters"]')
      await filters.getByRole('button', { name: 'Completed' }).click()
      await expect(results()).toHaveText(['Orion vendor contract'])
      await dialog().getByRole('button', { name: 'Filters (active)' }).waitFor()
      await expect.poll(() => footer()).toBe('1 result')

      await filters.getByRole('button', { name: 'All' }).click()
      await filters.getByRole('button', { name: 'Team Members' }).click()
      await expect(results()).toHaveText(['Olivia Orion'])
      await filters.getByRole('button', { name: 'Projects' }).click()
      await expect
        .poll(async () => (await results().allTextContents()).sort())
        .toEqual(['Olivia Orion', 'Orion Launch'])
      await filters.getByRole('button', { name: 'Draft' }).click()
      await dialog().getByText('Some results may be hidden by filters.', { exact: true }).waitFor()

      // Cleared again: everything is back.
      await filters.getByRole('button', { name: 'All' }).click()
      await filters.getByRole('button', { name: 'Team Members' }).click()
      await filters.getByRole('button', { name: 'Projects' }).click()
      await dialog().getByRole('button', { name: 'Filters', exact: true }).waitFor()
      await expect(results()).toHaveCount(6)
    }))

  test('quick actions: copy link, open in new tab, archive a project, mark a task completed', () =>
    step(page, 'search-quick-actions', async () => {
      await search('orion', 'Orion Launch')

      // Keyboard: the highlighted result's actions sit in the footer.
      await expect.poll(selected).toEqual('Orion weekly')
      await dialog().getByRole('button', { name: 'Copy link' }).click()
      await toast(page, 'Link copied to clipboard')
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe(`${base}/reports/${reportUuid}`)
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        dialog().getByRole('button', { name: 'Open in new tab' }).click(),
      ])
      await tab.waitForURL(`${base}/reports/${reportUuid}`)
      await tab.close()

      // Pointer: hover a result, click its action.
      await result('Orion Launch').hover()
      await result('Orion Launch').locator('[title="Archive project"]').click()
      await toast(page, 'Project archived')
      await result('Orion Launch').getByText('Archived', { exact: true }).waitFor()
      await expect(result('Orion Launch').locator('[title="Archive project"]')).toHaveCount(0)
      const projects = (await api(page, 'GET', '/api/projects')).json as {
        uuid: string
        status: string
      }[]
      expect(projects.find((p) => p.uuid === project.uuid)?.status).toBe('archived')

      await result('Orion pricing review').hover()
      await result('Orion pricing review').locator('[title="Mark completed"]').click()
      await toast(page, 'Item completed')
      await result('Orion pricing review').getByText('Orion weekly · Completed').waitFor()
      const report = (await api(page, 'GET', `/api/reports/${reportUuid}`)).json
      const item = report.sections
        .flatMap((s: { items: { id: number; is_completed: boolean }[] }) => s.items)
        .find((i: { id: number }) => i.id === itemIds['Orion pricing review'])
      expect(item.is_completed).toBe(true)
    }))

  test('recent and saved searches are kept in the browser and survive a reload', () =>
    step(page, 'search-history', async () => {
      await search('orion', 'Orion weekly')
      await dialog().getByRole('button', { name: 'Save search' }).click()
      await toast(page, 'Search saved')
      await dialog().getByRole('button', { name: 'Save search' }).click()
      await toast(page, 'Search already saved')
      const input = page.getByPlaceholder('Search everything...')
      await input.fill('vega')
      await result('Vega').waitFor()

      await page.reload()
      await page.getByRole('heading', { name: 'Olivia Orion' }).waitFor()
      await openSearch(page)
      const recent = dialog().locator('[cmdk-group]', {
        has: page.locator('[cmdk-group-heading]', { hasText: 'Recent searches' }),
      })
      const saved = dialog().locator('[cmdk-group]', {
        has: page.locator('[cmdk-group-heading]', { hasText: 'Saved searches' }),
      })
      // Newest first; a repeated query moved to the top; the one without results is kept too.
      await expect(recent.locator('.cad-search__item-title')).toHaveText([
        'vega',
        'orion',
        'qqzzxx',
      ])
      await expect(saved.locator('.cad-search__item-title')).toHaveText(['orion'])
      await saved.getByText('6 results').waitFor()

      await saved.getByText('orion', { exact: true }).click()
      await expect(input).toHaveValue('orion')
      await result('Orion weekly').waitFor()
      // The history panel is there with a query too.
      await dialog().getByRole('button', { name: 'Search history' }).click()
      await recent.getByText('vega', { exact: true }).waitFor()
    }))
  test("a team member's own task is completed and opened as itself, never as a report item", () =>
    step(page, 'search-member-task', async () => {
      // A report item and a member's own task: their ids live in separate spaces and can be equal.
      const report = (await api(page, 'GET', `/api/reports/${reportUuid}`)).json
      const actions = report.sections.find(
        (s: { section_name: string }) => s.section_name === 'Action Items',
      )
      const walrus = (
        await api(page, 'POST', '/api/section-items', {
          section_id: actions.id,
          content: 'Report item Walrus',
          project_id: null,
          assigned_to_team_member_id: null,
        })
      ).json
      const narwhal = (
        await api(page, 'POST', `/api/team-members/${member}/tasks`, {
          content: 'Member task Narwhal',
          project_id: null,
        })
      ).json
      await search('narwhal', 'Member task Narwhal')
      await result('Member task Narwhal').getByText('Olivia Orion · Open').waitFor()
      await result('Member task Narwhal').hover()
      await result('Member task Narwhal').locator('[title="Mark completed"]').click()
      await toast(page, 'Item completed')
      const tasks = (await api(page, 'GET', `/api/team-members/${member}/tasks`)).json as {
        id: number
        is_completed: boolean
      }[]
      expect(tasks.find((t) => t.id === narwhal.id)?.is_completed).toBe(true)
      const after = (await api(page, 'GET', `/api/reports/${reportUuid}`)).json
      const item = after.sections
        .flatMap((s: { items: { id: number; is_completed: boolean }[] }) => s.items)
        .find((i: { id: number }) => i.id === walrus.id)
      expect(item.is_completed).toBe(false)
      // Opening it goes to the member's page, not to a report.
      await result('Member task Narwhal').click()
      await page.waitForURL(`${base}/team-members/${member}`)
      await page.getByRole('tab', { name: /^Tasks/ }).click()
      await page.getByText('Member task Narwhal').first().waitFor()
    }))

  test('Ctrl+K opens search on a fresh page and every key typed at once lands in the input', () =>
    step(page, 'search-ctrl-k-typing', async () => {
      await api(page, 'POST', '/api/projects', { name: 'Atlas Rollout' })
      await page.goto(`${base}/dashboard`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      // No wait between the shortcut and the keys: the dialog's code is not even loaded yet.
      await page.keyboard.press('Control+k')
      await page.keyboard.type('Atlas')
      const input = page.getByPlaceholder('Search everything...')
      await input.waitFor()
      await expect(input).toHaveValue('Atlas')
      await result('Atlas Rollout').waitFor()
      // Typing on keeps the query whole and the results in place.
      await page.keyboard.type(' Ro')
      await expect(input).toHaveValue('Atlas Ro')
      await result('Atlas Rollout').waitFor()
      await page.keyboard.press('Escape')
      await dialog().waitFor({ state: 'detached' })
      // Ctrl+/ (the product's shortcut) still opens it, with the last query.
      await page.keyboard.press('Control+/')
      await expect(input).toHaveValue('Atlas Ro')
      await page.keyboard.press('Escape')
      await dialog().waitFor({ state: 'detached' })
    }))
})
