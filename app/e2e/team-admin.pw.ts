// The team overview, a team member's page, the admin panel and the phone layout: a member added
// from the overview, the member's three tabs with their toggles' toasts, the five admin tabs, and
// the sidebar as a slide-over at 390 px. Each journey saves its final screen to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  expect,
  fillSignIn,
  newPage,
  signedInPage,
  signIn,
  signInTourSkipped,
  skipTour,
  step,
  toast,
  unique,
} from './helpers'

let browser: Browser
let page: Page

const stat = (label: string) =>
  page
    .locator('[data-slot="stat-card"]', { has: page.getByText(label, { exact: true }) })
    .locator('.cad-stat-card__value')
    .textContent()

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'team')
})
afterAll(async () => {
  await browser?.close()
})

describe('team, admin and phone', () => {
  test("the team overview, a member's three tabs and their toggles' toasts", () =>
    step(page, 'team-member-tabs', async () => {
      await page.goto(`${base}/team`)
      await page.getByText('No Team Members', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Add Team Member' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add New Team Member' })
      await dialog.getByLabel('Name').fill('Dana Ruiz')
      await dialog.getByLabel('Title (optional)').fill('VP Sales')
      await dialog.getByLabel('Email').fill('dana@example.com')
      await dialog.getByRole('button', { name: 'Add Team Member' }).click()
      await toast(page, 'Team member "Dana Ruiz" added successfully!')
      await dialog.waitFor({ state: 'detached' })
      await expect
        .poll(async () => [
          await stat('Team Members'),
          await stat('Active Tasks'),
          await stat('Follow-ups'),
        ])
        .toEqual(['1', '0', '0'])

      await page.getByRole('link', { name: 'Dana Ruiz' }).click()
      await page.waitForURL(/\/team-members\/[0-9a-f-]{36}$/)
      const uuid = new URL(page.url()).pathname.split('/')[2]
      await page.getByRole('heading', { name: 'Dana Ruiz', level: 1 }).waitFor()
      await page.getByText('VP Sales · dana@example.com', { exact: true }).waitFor()
      const tab = (name: RegExp) => page.getByRole('tab', { name })
      await expect(tab(/^Talking Points \(0\)$/)).toHaveAttribute('aria-selected', 'true')
      await tab(/^Tasks \(0\)$/).waitFor()
      await tab(/^Follow-ups \(0\)$/).waitFor()

      const panel = page.getByRole('tabpanel')
      const add = async (content: string, message: string) => {
        await panel.getByRole('textbox', { name: 'Content' }).fill(content)
        await panel.getByRole('button', { name: 'Add', exact: true }).click()
        await toast(page, message)
      }
      const entry = (content: string) => panel.locator('li', { hasText: content })

      // Talking points: covered / pending, then deleted.
      await add('Q3 pipeline review', 'Talking point added successfully')
      await add('Hiring plan', 'Talking point added successfully')
      await tab(/^Talking Points \(2\)$/).waitFor()
      await entry('Q3 pipeline review').getByText('pending', { exact: true }).waitFor()
      await panel.getByRole('checkbox', { name: 'Toggle Q3 pipeline review' }).click()
      await toast(page, 'Talking point marked as covered')
      await entry('Q3 pipeline review').getByText('covered', { exact: true }).waitFor()
      await panel.getByRole('checkbox', { name: 'Toggle Q3 pipeline review' }).click()
      await toast(page, 'Talking point marked as pending')
      await entry('Q3 pipeline review').getByText('pending', { exact: true }).waitFor()
      await entry('Hiring plan').getByRole('button', { name: 'Delete' }).click()
      await toast(page, 'Talking point deleted successfully')
      await tab(/^Talking Points \(1\)$/).waitFor()

      // Tasks: completed / pending.
      await tab(/^Tasks \(0\)$/).click()
      await add('Send the pricing deck', 'Task added successfully')
      await tab(/^Tasks \(1\)$/).waitFor()
      await panel.getByRole('checkbox', { name: 'Toggle Send the pricing deck' }).click()
      await toast(page, 'Task marked as completed')
      await entry('Send the pricing deck').getByText('completed', { exact: true }).waitFor()
      await panel.getByRole('checkbox', { name: 'Toggle Send the pricing deck' }).click()
      await toast(page, 'Task marked as pending')

      // Follow-ups: addressed / pending.
      await tab(/^Follow-ups \(0\)$/).click()
      await add('Ask about the renewal', 'Follow-up added successfully')
      await panel.getByRole('checkbox', { name: 'Toggle Ask about the renewal' }).click()
      await toast(page, 'Follow-up marked as addressed')
      await entry('Ask about the renewal').getByText('addressed', { exact: true }).waitFor()
      await tab(/^Follow-ups \(1\)$/).waitFor()

      // The overview counts what is still open: the addressed follow-up is not.
      await page.goto(`${base}/team`)
      await page
        .locator('li', { hasText: 'Dana Ruiz' })
        .getByText('Talking Points 1 · Tasks 1 · Follow-ups 0', { exact: true })
        .waitFor()
      await expect
        .poll(async () => [await stat('Active Tasks'), await stat('Follow-ups')])
        .toEqual(['1', '0'])

      await page.goto(`${base}/team-members/00000000-0000-4000-8000-000000000000`)
      await page.getByText('Team member not found', { exact: true }).waitFor()
      await page.goto(`${base}/team-members/${uuid}`)
      await page.getByRole('heading', { name: 'Dana Ruiz', level: 1 }).waitFor()
    }))

  test('the admin panel: its five tabs, users search and a setting saved', async () => {
    const admin = await newPage(browser)
    await step(admin, 'admin-tabs', async () => {
      await signIn(admin, 'admin@example.com', 'Admin')
      // The admin may have signed in before (another file): the tour only shows the first time.
      if (!(await api(admin, 'GET', '/api/user-settings')).json.onboarding_complete) {
        await skipTour(admin)
      }
      await admin.getByRole('button', { name: /Account menu/ }).click()
      await admin.getByRole('menuitem', { name: 'Admin' }).click()
      await admin.waitForURL(`${base}/admin`)
      await admin.getByText('System Healthy', { exact: true }).waitFor()
      await expect(admin.getByRole('tab')).toHaveText([
        'Overview',
        'Users',
        'Onboarding Analytics',
        'System Settings',
        'Activity Log',
      ])
      const card = (label: string) =>
        admin
          .locator('[data-slot="stat-card"]', { has: admin.getByText(label, { exact: true }) })
          .locator('.cad-stat-card__value')
      for (const label of ['Total Users', 'Active Users', 'Total Reports']) {
        expect(Number(await card(label).textContent())).toBeGreaterThanOrEqual(
          label === 'Total Reports' ? 0 : 2,
        )
      }
      await expect(card('Onboarding Rate')).toHaveText(/^\d+%$/)
      await admin.getByRole('heading', { name: 'Recent Activity' }).waitFor()

      // Quick actions switch tabs.
      await admin.getByRole('button', { name: 'View Users' }).click()
      await expect(admin.getByRole('tab', { name: 'Users' })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      const users = admin.getByRole('tabpanel')
      await users.getByRole('searchbox', { name: 'Search users' }).fill('admin@example')
      const row = users.locator('li', { hasText: 'admin@example.com' })
      await row.getByText('Admin', { exact: true }).waitFor()
      await row.getByText(/^Joined [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor()
      await expect(users.locator('li')).toHaveCount(1)
      await users.getByRole('searchbox', { name: 'Search users' }).fill('Team Tester')
      await expect(users.locator('li')).toHaveCount(0)
      await users.getByRole('searchbox', { name: 'Search users' }).fill('')

      await admin.getByRole('tab', { name: 'Onboarding Analytics' }).click()
      for (const label of ['Total Sessions', 'Completion Rate', 'Average Time']) {
        await card(label).waitFor()
      }
      await expect(card('Average Time')).toHaveText(/^\d+ min$/)

      await admin.getByRole('tab', { name: 'System Settings' }).click()
      const maintenance = admin.getByRole('checkbox', { name: /maintenance_mode/ })
      await expect(maintenance).not.toBeChecked()
      await maintenance.click()
      await toast(admin, 'Setting updated successfully')
      await expect(maintenance).toBeChecked()
      const saved = async () =>
        (
          (await api(admin, 'GET', '/api/admin/system-settings')).json as {
            setting_key?: string
            key?: string
            setting_value: string
          }[]
        ).find((s) => (s.setting_key ?? s.key) === 'maintenance_mode')?.setting_value
      await expect.poll(saved).toEqual('true')
      // Back off again, so the setting is as it was for everything after this journey.
      await maintenance.click()
      await expect(maintenance).not.toBeChecked()
      await expect.poll(saved).toEqual('false')

      // The Activity Log tab shows its placeholder text; the Overview lists the change just made.
      await admin.getByRole('tab', { name: 'Activity Log' }).click()
      const log = admin.getByRole('tabpanel', { name: 'Activity Log' })
      await log.getByText('Activity log feature coming soon').waitFor()
      await expect(log.locator('li')).toHaveCount(0)
      await admin.getByRole('tab', { name: 'Overview' }).click()
      const recent = admin.locator('section', {
        has: admin.getByRole('heading', { name: 'Recent Activity' }),
      })
      await recent.locator('li', { hasText: 'admin@example.com' }).first().waitFor()
      await expect.poll(() => recent.locator('li').count()).toBeLessThanOrEqual(5)
    })
    await admin.context().close()
  })

  test('with new sign-ups closed, a new person is told why and no account is made', async () => {
    const admin = await newPage(browser)
    await signIn(admin, 'admin@example.com', 'Admin')
    const setSignups = (value: string) =>
      api(admin, 'PUT', '/api/admin/system-settings/allow_new_signups', { setting_value: value })
    expect((await setSignups('false')).status).toBe(200)
    const outsider = await newPage(browser)
    const email = unique('refused')
    try {
      await step(outsider, 'sign-in-refused', async () => {
        await fillSignIn(outsider, email, 'Outsider')
        await outsider.getByRole('button', { name: 'Sign in' }).click()
        const notice = outsider.getByRole('alert').filter({ hasText: 'You were not signed in' })
        await notice.waitFor()
        await expect(notice).toContainText('New sign-ups are closed; ask your administrator')
        expect(new URL(outsider.url()).pathname).toBe('/')
        const users = (await api(admin, 'GET', `/api/admin/users?search=${email}`)).json
        expect(users.users ?? users).toHaveLength(0)
      })
    } finally {
      await setSignups('true')
      await outsider.context().close()
      await admin.context().close()
    }
  })

  test('a normal user is denied the admin area and has no Admin menu entry', () =>
    step(page, 'admin-denied', async () => {
      await page.goto(`${base}/dashboard`)
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor()
      await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0)
      await page.keyboard.press('Escape')
      expect((await api(page, 'GET', '/api/admin/stats')).status).toBe(403)
      await page.goto(`${base}/admin`)
      await page.getByText('Access Denied', { exact: true }).waitFor()
    }))

  test('at 390 px the sidebar is a slide-over: opened from the list query and the toggle', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 })
    await step(phone, 'mobile-sidebar', async () => {
      await signInTourSkipped(phone, unique('phone'))
      const member = await api(phone, 'POST', '/api/team-members', {
        name: 'Kai Moreno',
        title: 'CFO',
        email: 'kai@example.com',
      })
      const report = await api(phone, 'POST', '/api/reports', {
        week_start_date: '2026-06-01',
        title: 'June week',
      })
      expect(report.status).toBe(200)

      // Not in the layout on a phone.
      await phone.goto(`${base}/reports/${report.json.uuid}`)
      await phone.getByRole('heading', { name: 'Weekly Report' }).waitFor()
      await expect(phone.getByRole('complementary', { name: 'Sidebar' })).toBeHidden()

      // The toggle opens it as a dialog over the page; Escape closes it.
      await phone.getByRole('button', { name: 'Open sidebar' }).click()
      const over = phone.getByRole('dialog', { name: 'Sidebar' })
      // An older report sits in its collapsed 3-month bucket, with a count.
      await over.getByText('No report for this week', { exact: true }).waitFor()
      await over.getByRole('button', { name: /Apr - Jun 2026/ }).click()
      await over.getByRole('link', { name: /June week/ }).waitFor()
      await phone.keyboard.press('Escape')
      await over.waitFor({ state: 'detached' })
      await phone.getByRole('heading', { name: 'Weekly Report' }).waitFor()

      // ?sidebar=team opens it on the team list; a member link navigates and closes it.
      await phone.goto(`${base}/dashboard?sidebar=team`)
      await over.getByText('CFO', { exact: true }).waitFor()
      await over.getByText('kai@example.com', { exact: true }).waitFor()
      await over.getByRole('link', { name: /Kai Moreno/ }).click()
      await phone.waitForURL(`${base}/team-members/${member.json.uuid}`)
      await over.waitFor({ state: 'detached' })
      await phone.getByRole('heading', { name: 'Kai Moreno', level: 1 }).waitFor()
      const bottom = phone.getByRole('navigation', { name: 'Main (mobile)' })
      await expect(bottom.getByRole('link', { name: 'Team' })).toHaveAttribute(
        'aria-current',
        'page',
      )
    })
    await phone.context().close()
  })
})
