// The onboarding tour: a new user goes through every step and lands on this week's report; another
// user skips it with the confirm.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, chooseOption, expect, newPage, signIn, step, toast, unique } from './helpers'

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser?.close()
})

/** The tour dialog at a step: its title and 'Step n of 7'. */
async function atStep(page: Page, title: string, n: number) {
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.waitFor()
  await dialog.getByText(`Step ${n} of 7`, { exact: true }).waitFor()
  return dialog
}

describe('onboarding tour', () => {
  test('a new user goes through every step and starts reporting on the report the tour created', async () => {
    const page = await newPage(browser)
    await step(page, 'tour-complete', async () => {
      await signIn(page, unique('tour'))
      let tour = await atStep(page, 'Welcome to Cadence', 1)
      await tour.getByRole('button', { name: 'Skip for now' }).waitFor()
      await tour.getByRole('button', { name: 'Start Tour' }).click()

      // Preferences: Back returns to the welcome, Next saves.
      tour = await atStep(page, 'Your reporting week', 2)
      await tour.getByRole('button', { name: 'Back' }).click()
      tour = await atStep(page, 'Welcome to Cadence', 1)
      await tour.getByRole('button', { name: 'Start Tour' }).click()
      tour = await atStep(page, 'Your reporting week', 2)
      await chooseOption(
        page,
        tour.getByRole('combobox', { name: 'Report frequency' }),
        'Bi-weekly',
      )
      await tour.getByRole('button', { name: 'Next' }).click()
      await toast(page, 'Preferences saved!')

      // Sections: a blank name is refused, two sections are added.
      tour = await atStep(page, 'Report sections', 3)
      await tour.getByRole('button', { name: 'Add Section' }).click()
      await tour.getByText('Please enter a section name', { exact: true }).waitFor()
      await tour.getByRole('textbox', { name: 'Section name' }).fill('Highlights')
      await tour.getByRole('button', { name: 'Add Section' }).click()
      await toast(page, 'Section "Highlights" added successfully!')
      await tour.getByRole('textbox', { name: 'Section name' }).fill('Action Items')
      await chooseOption(
        page,
        tour.getByRole('combobox', { name: 'Type' }),
        'Tasks — Trackable action items',
      )
      await tour.getByRole('button', { name: 'Add Section' }).click()
      await toast(page, 'Section "Action Items" added successfully!')
      await tour.getByRole('button', { name: 'Drag to reorder Action Items' }).waitFor()
      await tour.getByRole('button', { name: 'Next' }).click()

      // Projects: four added, three listed and '+1 more'.
      tour = await atStep(page, 'Add a project', 4)
      await tour.getByRole('button', { name: 'Add Project' }).click()
      await tour.getByText('Please enter a project name', { exact: true }).waitFor()
      for (const name of ['Apollo', 'Borealis', 'Cygnus', 'Draco']) {
        await tour.getByRole('textbox', { name: 'Project name' }).fill(name)
        await tour.getByRole('button', { name: 'Add Project' }).click()
        await toast(page, `Project "${name}" added successfully!`)
      }
      const projects = tour.getByRole('list', { name: 'Your projects' })
      await projects.getByText('+1 more', { exact: true }).waitFor()
      await expect(projects.getByRole('listitem')).toHaveText([
        'Apollo',
        'Borealis',
        'Cygnus',
        '+1 more',
      ])

      // Skip Step moves on without adding anything; Back returns.
      await tour.getByRole('button', { name: 'Next' }).click()
      tour = await atStep(page, 'Add a team member', 5)
      await tour.getByRole('button', { name: 'Skip Step' }).click()
      tour = await atStep(page, 'Your first report', 6)
      await tour.getByRole('button', { name: 'Back' }).click()

      // Team member: a name is needed; the title and the e-mail are optional (a typed e-mail
      // must be an address).
      tour = await atStep(page, 'Add a team member', 5)
      await tour.getByRole('textbox', { name: 'Name' }).fill('Bo Chen')
      const email = tour.getByRole('textbox', { name: /^Email \(optional\)/ })
      await email.fill('bo@')
      await tour.getByRole('button', { name: 'Add Team Member' }).click()
      await tour.getByText('Enter a valid e-mail or leave it empty', { exact: true }).waitFor()
      await expect(email).toHaveAttribute('type', 'email')
      await email.fill('bo@example.com')
      await tour.getByRole('button', { name: 'Add Team Member' }).click()
      await toast(page, 'Team member "Bo Chen" added successfully!')
      await tour.getByRole('list', { name: 'Your team members' }).getByText('Bo Chen').waitFor()
      await tour.getByRole('button', { name: 'Next' }).click()

      // Report: created with one toast, the tour moves on to its last step and, after a
      // reload, resumes there; finishing it opens the report.
      tour = await atStep(page, 'Your first report', 6)
      await tour.getByRole('button', { name: "Create This Week's Report" }).click()
      await toast(page, 'Your first report created!')
      tour = await atStep(page, "You're all set", 7)
      // One toast for the one action: the tour adds none of its own.
      expect(
        await page.locator('.cad-toast__message', { hasText: /report created/i }).count(),
      ).toBe(1)
      expect(new URL(page.url()).pathname).toBe('/dashboard')
      await page.reload()
      tour = await atStep(page, "You're all set", 7)
      await tour.getByRole('button', { name: 'Start Reporting' }).click()
      await toast(page, 'Onboarding completed successfully!')
      await tour.waitFor({ state: 'detached' })
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/)

      // The report has the tour's sections; the settings kept the chosen frequency.
      await page.getByRole('heading', { name: 'Weekly Report' }).waitFor()
      await page.getByRole('heading', { name: 'Highlights' }).waitFor()
      await page.getByRole('heading', { name: 'Action Items' }).waitFor()
      const settings = await api(page, 'GET', '/api/user-settings')
      expect(settings.json.report_frequency).toBe('bi-weekly')
      expect(settings.json.onboarding_complete).toBe(true)

      // A finished tour does not come back.
      await page.reload()
      await page.getByRole('heading', { name: 'Highlights' }).waitFor()
      await expect(page.getByRole('dialog', { name: 'Welcome to Cadence' })).toHaveCount(0)
    })
    await page.context().close()
  })

  test('another user closes the tour: the confirm can continue, then skip', async () => {
    const page = await newPage(browser)
    await step(page, 'tour-skipped', async () => {
      await signIn(page, unique('skipper'))
      let tour = await atStep(page, 'Welcome to Cadence', 1)
      await tour.getByRole('button', { name: 'Start Tour' }).click()
      tour = await atStep(page, 'Your reporting week', 2)

      await tour.getByRole('button', { name: 'Close onboarding tour' }).click()
      await tour.getByRole('heading', { name: 'Skip Onboarding Tour?' }).waitFor()
      await tour.getByRole('button', { name: 'Continue Setup' }).click()
      await tour.getByRole('button', { name: 'Next' }).waitFor()

      await page.keyboard.press('Escape')
      await tour.getByRole('heading', { name: 'Skip Onboarding Tour?' }).waitFor()
      await tour.getByRole('button', { name: 'Yes, Skip Setup' }).click()
      await toast(
        page,
        'Onboarding tour skipped. You can access setup options in Settings anytime.',
      )
      await tour.waitFor({ state: 'detached' })
      expect((await api(page, 'GET', '/api/user-settings')).json.onboarding_complete).toBe(true)

      await page.goto(`${base}/dashboard`)
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
      await expect(page.getByRole('dialog')).toHaveCount(0)
    })
    await page.context().close()
  })
})
