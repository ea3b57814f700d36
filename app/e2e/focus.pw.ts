// Focus by keyboard alone: the skip link first on load, a route change focuses the new page's
// heading, and each Esc (search, an item's editor, a delete confirmation) gives focus back to
// what opened it; opening a search result focuses the result's page.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, signedInPage, step } from './helpers'

let browser: Browser
let page: Page

/** Where focus is: the element's tag and its accessible name as the page gives it. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return 'body'
    const label = el.getAttribute('aria-label')
    const name = (label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim()
    return `${el.tagName.toLowerCase()}: ${name}`
  })

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'focus')
  await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
  await api(page, 'POST', '/api/projects', { name: 'Keyboard Project' })
  const report = (
    await api(page, 'POST', '/api/reports', {
      week_start_date: '2026-06-01',
      title: 'Kestrel weekly',
    })
  ).json
  const section = (report.sections as { id: number }[])[0]
  await api(page, 'POST', '/api/section-items', {
    section_id: section.id,
    content: 'Kestrel budget sign-off',
    project_id: null,
    assigned_to_team_member_id: null,
  })
})
afterAll(async () => {
  await browser?.close()
})

describe('focus by keyboard', () => {
  test('skip link first, headings on route change, focus back after each Esc', () =>
    step(page, 'focus-keyboard', async () => {
      await page.goto(`${base}/dashboard`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      // First load: nothing is focused for the user; the first Tab reaches the skip link.
      await page.keyboard.press('Tab')
      await expect.poll(() => focused()).toBe('a: Skip to content')

      // A route change by keyboard focuses the new page's heading (and announces it).
      const nav = page.getByRole('navigation', { name: 'Main', exact: true })
      await nav.getByRole('link', { name: 'Projects' }).focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(`${base}/projects`)
      await expect.poll(focused).toEqual('h1: Projects')
      await expect(page.locator('[data-slot="route-announcer"]')).toHaveText('Projects')

      // Esc closing search gives focus back to the button that opened it.
      const searchButton = nav.getByRole('button', { name: /Search/ })
      await searchButton.focus()
      await page.keyboard.press('Enter')
      const input = page.getByPlaceholder('Search everything...')
      await input.waitFor()
      await expect.poll(focused).toEqual('input: Search')
      await page.keyboard.type('Kestrel weekly')
      await page
        .locator('[data-slot="search-result"]', { hasText: 'Kestrel weekly' })
        .first()
        .waitFor()
      await page.keyboard.press('Escape')
      await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' })
      await expect(searchButton).toBeFocused()

      // Opening a result focuses the heading of the page it opens.
      await page.keyboard.press('Enter')
      await input.waitFor()
      await page
        .locator('[data-slot="search-result"]', { hasText: 'Kestrel weekly' })
        .first()
        .waitFor()
      await expect(
        page.locator('[cmdk-item][aria-selected="true"] .cad-search__item-title'),
      ).toHaveText('Kestrel weekly')
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/reports\//)
      await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' })
      await expect.poll(async () => (await focused()).startsWith('h1: ')).toEqual(true)

      // Esc in an item's editor: focus back on its Edit button.
      const edit = page.getByRole('button', { name: 'Edit: Kestrel budget sign-off' })
      await edit.focus()
      await page.keyboard.press('Enter')
      await expect.poll(focused).toEqual('input: Edit item')
      await page.keyboard.type(' (draft)')
      await page.keyboard.press('Escape')
      await expect.poll(focused).toEqual('button: Edit: Kestrel budget sign-off')

      // Esc on the delete confirmation: focus on Cancel while asked, then back on Delete.
      await page.keyboard.press('Tab')
      await expect.poll(focused).toEqual('button: Delete: Kestrel budget sign-off')
      await page.keyboard.press('Enter')
      await expect.poll(focused).toEqual('button: Cancel')
      await page.keyboard.press('Escape')
      await expect.poll(focused).toEqual('button: Delete: Kestrel budget sign-off')
      // Nothing was deleted or changed.
      await page.getByText('Kestrel budget sign-off', { exact: true }).waitFor()
    }))
})
