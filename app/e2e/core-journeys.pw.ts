// Core journeys in Chromium against the real server (see scripts/e2e.ts): landing and static pages,
// sign-in and sign-out, this week's report end to end, the draft and print, isolation between two
// users, and the admin area. Screenshots of each final screen go to artifacts/e2e/.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  chooseOption,
  expect,
  newPage as newPageIn,
  shot,
  signIn as signInThroughProvider,
  skipTour,
  unique,
} from './helpers'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser?.close()
})

const newPage = (viewport?: { width: number; height: number }) => newPageIn(browser, viewport)

/** Signs in through the development provider; a first sign-in's onboarding tour is skipped. */
async function signIn(page: Page, email: string, name = 'Exec Tester') {
  await signInThroughProvider(page, email, name)
  // The tour shows while the user's settings say onboarding is not complete (a returning user's
  // are): asked of the server rather than guessed from how long the tour takes to appear.
  const settings = await api(page, 'GET', '/api/user-settings')
  expect(settings.status).toBe(200)
  if (!settings.json.onboarding_complete) await skipTour(page)
}

describe('core journeys', () => {
  test('landing page, features, footer links, static pages, and signed-out redirect', async () => {
    const page = await newPage()
    await page.goto(`${base}/`)
    for (const text of ['Save Executive Time', 'Consistent Communication', 'Track What Matters']) {
      await page.getByText(text, { exact: true }).first().waitFor()
    }
    await page.getByRole('button', { name: 'Start Reporting Today' }).waitFor()
    await page.locator('#features').waitFor()
    for (const text of [
      'Weekly Report Structure',
      'Project & Task Tracking',
      'Team Coordination',
      'Mobile-First Experience',
    ]) {
      await page.getByText(text, { exact: true }).first().waitFor()
    }
    for (const [href, text] of [
      ['/privacy', '90'],
      ['/terms', '99.9%'],
      ['/release-notes', '1.2.0'],
    ]) {
      await page.goto(`${base}/`)
      await page.locator(`footer a[href="${href}"]`).click()
      await page.waitForURL(`${base}${href}`)
      await page.getByText(text, { exact: false }).first().waitFor()
    }
    await page.goto(`${base}/dashboard`)
    await page.waitForURL(`${base}/`)
    await shot(page, 'landing')
    await page.context().close()
  })

  test("sign in, write this week's report with a tagged and assigned task, complete it, send, draft and print, sign out", async () => {
    const page = await newPage()
    await signIn(page, unique('exec'))
    await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
    await api(page, 'POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
    const project = await api(page, 'POST', '/api/projects', { name: 'Apollo' })
    expect(project.status).toBe(200)
    await api(page, 'POST', '/api/team-members', {
      name: 'Bo Chen',
      title: 'CTO',
      email: 'bo@example.com',
    })

    await page.reload()
    await page.getByRole('button', { name: "Create This Week's Report" }).first().click()
    await page.getByRole('dialog', { name: 'Create New Weekly Report' }).waitFor()
    await page.getByRole('button', { name: 'Create Report' }).click()
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/)
    await page.getByText('Weekly report created successfully!').waitFor()
    await page.getByRole('heading', { name: 'Weekly Report' }).first().waitFor()

    const add = page.getByRole('combobox', { name: 'Add an item to Action Items' })
    await add.fill('Ship the pricing page @Bo')
    await page.getByRole('option', { name: /Bo Chen/ }).waitFor()
    await add.press('Enter')
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Project for new Action Items item' }),
      'Apollo',
    )
    await add.press('Enter')
    const row = page.locator('[data-slot="item-row"]', { hasText: 'Ship the pricing page' })
    await row.waitFor()
    await expect(row).toContainText('Bo Chen')
    await expect(row).toContainText('Apollo')

    await row.getByRole('checkbox').click()
    await page
      .locator('[data-slot="item-row"][data-completed]', { hasText: 'Ship the pricing page' })
      .waitFor()

    await page.getByRole('button', { name: 'Send', exact: true }).click()
    // Send opens the review step; 'Send now' sends (an untitled or empty report asks once more).
    const review = page.getByRole('dialog', { name: 'Review and send' })
    await review.getByRole('button', { name: /^(Send now|Mark as sent)$/ }).waitFor()
    if ((await review.getByRole('checkbox').count()) > 0) await review.getByRole('checkbox').click()
    await review.getByRole('button', { name: /^(Send now|Mark as sent)$/ }).click()
    await page.getByText('Submitted', { exact: false }).first().waitFor()
    await shot(page, 'report')

    await page.getByRole('button', { name: 'Draft', exact: true }).click()
    await page.waitForURL(/\/draft$/)
    await page.getByText('End of Report').waitFor()
    await page.getByText('✓ Completed').first().waitFor()
    await page.getByText('Assigned to', { exact: false }).first().waitFor()
    await page.getByRole('button', { name: 'Print' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
      .toBe(1)
    await shot(page, 'draft')

    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await page.waitForURL(`${base}/`)
    await page.goto(`${base}/dashboard`)
    await page.waitForURL(`${base}/`)
    await page.context().close()
  })

  test("two users never see each other's reports or projects", async () => {
    const alice = await newPage()
    const bob = await newPage()
    await signIn(alice, unique('alice'))
    await signIn(bob, unique('bob'))
    await api(alice, 'POST', '/api/projects', { name: 'Alice secret project' })
    const report = await api(alice, 'POST', '/api/reports', {
      week_start_date: '2026-01-05',
      title: 'Alice secret report',
    })
    expect(report.status).toBe(200)

    await bob.goto(`${base}/reports/${report.json.uuid}`)
    await bob.getByText('Report not found').waitFor()
    await bob.goto(`${base}/projects`)
    await bob.getByRole('heading').first().waitFor()
    await expect.poll(() => bob.content()).not.toContain('Alice secret')
    const search = await api(bob, 'GET', '/api/search?query=secret')
    expect(JSON.stringify(search.json)).not.toContain('Alice')
    await shot(bob, 'isolation')
    await alice.context().close()
    await bob.context().close()
  })

  test('the admin area: Access Denied for a normal user, the panel for an admin', async () => {
    const page = await newPage()
    await signIn(page, unique('normal'))
    await page.goto(`${base}/admin`)
    await page.getByText('Access Denied').waitFor()
    await page.getByText("You don't have permission to access the admin area.").waitFor()
    await page.getByText('Return to Dashboard').click()
    await page.waitForURL(`${base}/dashboard`)
    await page.context().close()

    const admin = await newPage()
    await signIn(admin, 'admin@example.com', 'Admin')
    await admin.goto(`${base}/admin`)
    for (const tab of ['Overview', 'Users', 'System Settings']) {
      await admin
        .getByRole('tab', { name: new RegExp(tab) })
        .first()
        .waitFor()
    }
    await admin.getByText('Total Users').first().waitFor()
    await shot(admin, 'admin')
    await admin.context().close()
  })

  test('on a phone the bottom navigation is shown', async () => {
    const page = await newPage({ width: 390, height: 844 })
    await signIn(page, unique('mobile'))
    const bottom = page.getByRole('navigation', { name: 'Main (mobile)' })
    await bottom.waitFor()
    await expect(bottom).toBeVisible()
    await bottom.getByRole('link', { name: 'Team' }).click()
    await page.waitForURL(`${base}/team`)
    await shot(page, 'mobile')
    await page.context().close()
  })
  test("the team: a member's talking point is added and marked as covered, then found by search with Ctrl+/", async () => {
    const page = await newPage()
    await signIn(page, unique('team'))
    await api(page, 'POST', '/api/projects', { name: 'Atlas rollout' })
    const member = await api(page, 'POST', '/api/team-members', {
      name: 'Dana Ruiz',
      title: 'VP Sales',
      email: 'dana@example.com',
    })
    expect(member.status).toBe(200)
    await page.goto(`${base}/team`)
    await page.getByText('Dana Ruiz').first().click()
    await page.waitForURL(`${base}/team-members/${member.json.uuid}`)
    await page.getByRole('tab', { name: /Talking Points/ }).waitFor()
    await page.getByRole('textbox', { name: 'Content' }).first().fill('Q3 pipeline review')
    await page.getByRole('button', { name: 'Add', exact: true }).first().click()
    await page.getByText('Talking point added successfully').waitFor()
    await page.getByRole('checkbox', { name: 'Toggle Q3 pipeline review' }).click()
    await page.getByText('Talking point marked as covered').waitFor()
    await shot(page, 'team-member')

    await page.keyboard.press('Control+/')
    const input = page
      .getByRole('combobox', { name: 'Search' })
      .or(page.getByRole('textbox', { name: 'Search' }))
    await input.first().fill('atlas')
    await page.getByRole('dialog').getByText('Atlas rollout').first().waitFor()
    await shot(page, 'search')
    await page.keyboard.press('Escape')
    await page.context().close()
  })
})
