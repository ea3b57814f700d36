// Focus after a dialog or a menu closes (issue 46, 4): by keyboard alone, each app dialog (new
// report, project, team member), the account menu and the unsaved-changes question give focus
// back to the control that opened them, never to the page body, asserted with
// document.activeElement after each step. Also: a team member is added without an e-mail, and
// leaving unsaved settings asks in the app's own dialog, not the browser's confirm.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { base, expect, signedInPage, step } from './helpers'

let browser: Browser
let page: Page

const onBody = () => page.evaluate(() => document.activeElement === document.body)

/** Opens with Enter on `opener`, waits for `dialog`, closes with Esc: focus is back on `opener`. */
async function escGivesFocusBack(opener: Locator, dialog: Locator) {
  await opener.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expect(opener).toBeFocused()
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'dialog-focus')
})
afterAll(async () => {
  await browser?.close()
})

describe('focus after dialogs and menus', () => {
  test('each app dialog and the account menu give focus back to their opener', () =>
    step(page, 'dialog-focus', async () => {
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' })

      await page.goto(`${base}/dashboard?sidebar=reports`)
      await escGivesFocusBack(
        sidebar.getByRole('button', { name: 'Add New Report' }),
        page.getByRole('dialog', { name: /report/i }),
      )

      await page.goto(`${base}/dashboard?sidebar=projects`)
      await escGivesFocusBack(
        sidebar.getByRole('button', { name: 'Add New Project' }),
        page.getByRole('dialog', { name: 'Add New Project' }),
      )

      await page.goto(`${base}/dashboard?sidebar=team`)
      const addMember = sidebar.getByRole('button', { name: 'Add New Team Member' })
      const memberDialog = page.getByRole('dialog', { name: 'Add New Team Member' })
      await escGivesFocusBack(addMember, memberDialog)

      // Added by name alone (issue 46): the dialog closes and focus is back on its opener.
      await addMember.focus()
      await page.keyboard.press('Enter')
      await memberDialog.getByLabel('Name').fill('Nia Okafor')
      await page.keyboard.press('Enter')
      await memberDialog.waitFor({ state: 'detached' })
      await sidebar.getByRole('link', { name: /Nia Okafor/ }).waitFor()
      await expect(addMember).toBeFocused()

      const account = page.getByRole('button', { name: /^Account menu for / })
      await escGivesFocusBack(account, page.getByRole('menu'))
      await expect.poll(() => onBody()).toBe(false)
    }))

  test("unsaved settings ask in the app's dialog; staying gives focus back to the link", () =>
    step(page, 'dialog-focus-leave', async () => {
      let nativeDialogs = 0
      page.on('dialog', (d) => {
        nativeDialogs++
        void d.dismiss()
      })
      await page.goto(`${base}/settings?tab=profile`)
      await page.getByLabel('Your title').fill('Chief Executive Officer')
      await page.getByText('Unsaved changes').waitFor()

      const dashboard = page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('link', { name: 'Dashboard' })
      await dashboard.focus()
      await page.keyboard.press('Enter')
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
      await leave.waitFor()
      // Staying is focused first; Enter stays, and focus is back on the link.
      await expect(leave.getByRole('button', { name: 'Stay and keep editing' })).toBeFocused()
      await page.keyboard.press('Enter')
      await leave.waitFor({ state: 'detached' })
      await expect(dashboard).toBeFocused()
      expect(new URL(page.url()).pathname).toBe('/settings')

      // Leaving follows the link.
      await page.keyboard.press('Enter')
      await leave.getByRole('button', { name: 'Leave without saving' }).click()
      await page.waitForURL(`${base}/dashboard`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(nativeDialogs).toBe(0)
    }))
})
