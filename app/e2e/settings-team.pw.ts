// Settings saves one way, and the empty team list's one next step. Report Preferences: 'Save
// Preferences' is disabled until a field changes, 'Unsaved changes' shows until saved, leaving by
// a link or the browser's Back asks first, and one save says so once. Team: 'Add your first team member' opens the add
// dialog; Esc gives focus back to it, and once someone is added focus is on their link.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, signedInPage, step, toast } from './helpers'

let browser: Browser
let page: Page

/** Where focus is: the element's tag and its text or label. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return 'body'
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ')
    return `${el.tagName.toLowerCase()}: ${name.trim()}`
  })

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'settings-team')
})
afterAll(async () => {
  await browser?.close()
})

describe('settings saves one way', () => {
  test('preferences: saved only by the button, once, and leaving with changes asks', () =>
    step(page, 'settings-one-way', async () => {
      await page.goto(`${base}/settings`)
      const save = page.getByRole('button', { name: 'Save Preferences' })
      await save.waitFor()
      await expect(save).toBeDisabled()
      const carry = page.getByRole('checkbox', { name: 'Carry over open items' })
      await expect(carry).toBeChecked()
      await carry.click()
      await page.getByText('Unsaved changes', { exact: true }).waitFor()
      // A checkbox saves nothing by itself.
      expect((await api(page, 'GET', '/api/user-settings')).json.carry_over).toBe(true)

      // Leaving by a link asks in the app's dialog; staying keeps the edit.
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
      await page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('link')
        .first()
        .click()
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click()
      await leave.waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe('/settings')
      await expect(carry).not.toBeChecked()

      await save.click()
      await toast(page, 'Settings saved successfully!')
      await expect
        .poll(async () => (await api(page, 'GET', '/api/user-settings')).json.carry_over)
        .toEqual(false)
      await page.waitForFunction(
        () =>
          (document.querySelector('.cad-settings__save button') as HTMLButtonElement | null)
            ?.disabled === true,
      )
      await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0)
      await expect(page.locator('.cad-toast__message')).toHaveCount(1)
      // Saved: leaving asks nothing (an unexpected question would be dismissed and keep us here).
      await page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('link')
        .first()
        .click()
      await page.waitForURL((url) => url.pathname !== '/settings')
    }))

  test("preferences: the browser's Back with changes asks too; staying keeps the edit", () =>
    step(page, 'settings-back', async () => {
      await page.goto(`${base}/dashboard`)
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Settings' }).click()
      await page.waitForURL((url) => url.pathname === '/settings')
      const carry = page.getByRole('checkbox', { name: 'Carry over open items' })
      const before = await carry.isChecked()
      await carry.click()
      await page.getByText('Unsaved changes', { exact: true }).waitFor()

      const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
      await page.goBack({ waitUntil: 'commit' })
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click()
      await leave.waitFor({ state: 'detached' })
      await page.waitForURL((url) => url.pathname === '/settings')
      await expect(carry).toBeChecked({ checked: !before })

      // Leaving anyway: the router follows.
      await page.goBack({ waitUntil: 'commit' })
      await leave.getByRole('button', { name: 'Leave without saving' }).click()
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByRole('button', { name: 'Save Preferences' }).waitFor({ state: 'detached' })
    }))
})

describe('the empty team list', () => {
  test("'Add your first team member' opens the add dialog; focus comes back or moves to the new member", () =>
    step(page, 'team-empty-next-step', async () => {
      await page.goto(`${base}/team`)
      const first = page.getByRole('button', { name: 'Add your first team member' })
      await first.click()
      const dialog = page.getByRole('dialog', { name: 'Add New Team Member' })
      await dialog.getByLabel('Name').waitFor()
      await expect.poll(() => focused()).toBe('input: ')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(focused).toEqual('button: Add your first team member')

      await first.click()
      await dialog.getByLabel('Name').fill('Dana Ruiz')
      await dialog.getByLabel('Email').fill('dana@example.com')
      await dialog.getByRole('button', { name: 'Add Team Member' }).click()
      await toast(page, 'Team member "Dana Ruiz" added successfully!')
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(focused).toEqual('a: Dana Ruiz')
      await expect(first).toHaveCount(0)
    }))
})
