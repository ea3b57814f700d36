// Team roll-up: an executive and a team member, each in their own browser. The
// executive invites, the member signs in through the invitation and is linked; work assigned to
// the member is completed on their side and seen on the executive's; the member's sent report
// reaches Team updates and an item is pulled into the executive's report with attribution;
// unlinking ends every shared view at once.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  expect,
  monday,
  newPage,
  openSearch,
  shot,
  signedInPage,
  skipTour,
  step,
  toast,
  unique,
} from './helpers'

let browser: Browser
let exec: Page
let member: Page
let memberUuid = ''
let memberId = 0
let reportUuid = ''
let taskId = 0
let invitation = ''
const memberEmail = unique('member')

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  exec = await signedInPage(browser, 'exec')
  await api(exec, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  await api(exec, 'POST', '/api/section-templates', { name: 'Tasks', type: 'tasks' })
  const tom = (
    await api(exec, 'POST', '/api/team-members', { name: 'Tom Reed', email: memberEmail })
  ).json
  memberUuid = tom.uuid
  memberId = tom.id
  const report = (await api(exec, 'POST', '/api/reports', { week_start_date: monday() })).json
  reportUuid = report.uuid
  taskId = (
    await api(exec, 'POST', '/api/section-items', {
      section_id: report.sections[1].id,
      content: 'Draft the Apollo budget',
      assigned_to_team_member_id: memberId,
    })
  ).json.id
  member = await newPage(browser)
})
afterAll(async () => {
  await browser?.close()
})

describe('team roll-up, two people', () => {
  test('the executive invites Tom from his page; the link is shown once', () =>
    step(exec, 'team-invite', async () => {
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText('Not on Cadence yet').waitFor()
      await exec.getByRole('button', { name: 'Invite to Cadence' }).click()
      const dialog = exec.getByRole('dialog', { name: 'Invite to Cadence' })
      await dialog.getByRole('button', { name: 'Create invitation' }).click()
      const url = dialog.getByRole('textbox', { name: 'Invitation link' })
      await url.waitFor()
      invitation = await url.inputValue()
      expect(invitation).toMatch(new RegExp(`^${base}/invite/[A-Za-z0-9_-]{43}$`))
      await shot(exec, 'team-invite-dialog')
      await dialog.getByRole('button', { name: 'Done' }).click()
      await exec.getByText(/Invitation sent · expires/).waitFor()
    }))

  test('someone signed in with another address is refused, told where it was sent and how to fix it', () =>
    step(exec, 'team-wrong-account', async () => {
      const other = await signedInPage(browser, 'not-tom')
      await other.goto(invitation)
      await other.getByText(/^Sent to .\*\*\*@/).waitFor()
      await other.getByRole('button', { name: 'Accept invitation' }).click()
      await other.getByRole('heading', { name: 'This invitation is for another address' }).waitFor()
      await other.getByText(/Only that address can accept it\./).waitFor()
      await other.getByText(/to change the e-mail address of Tom Reed in Cadence/).waitFor()
      await expect(other.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0)
      await shot(other, 'team-invitation-wrong-account')
      await other.context().close()
      // Nothing was linked: the executive still sees the open invitation.
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText(/Invitation sent · expires/).waitFor()
    }))

  test('Tom opens it signed out, signs in through it and is linked', () =>
    step(member, 'team-accept', async () => {
      await member.goto(invitation)
      await member.getByRole('heading', { name: /^Join .*'s team$/ }).waitFor()
      await shot(member, 'team-invitation-signed-out')
      await member.getByRole('button', { name: 'Sign in to accept' }).click()
      const field = member.locator('input[name="email"]')
      await field.waitFor()
      await field.fill(memberEmail)
      await member.locator('input[name="name"]').fill('Tom Reed')
      await Promise.all([
        member.waitForURL(invitation),
        member.getByRole('button', { name: 'Sign in' }).click(),
      ])
      await member.getByRole('button', { name: 'Accept invitation' }).click()
      await member.getByRole('heading', { name: /^You're on .*'s team$/ }).waitFor()
      await member.getByRole('button', { name: 'Go to dashboard' }).click()
      await member.waitForURL(`${base}/dashboard`)
      await skipTour(member)

      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText(`Linked — ${memberEmail}`).waitFor()
      // The same invitation cannot be used again.
      const again = await newPage(browser)
      await again.goto(invitation)
      await again.getByRole('heading', { name: 'This invitation is no longer valid' }).waitFor()
      await again.context().close()
    }))

  test('Tom completes what was assigned to him; the executive sees it at once', () =>
    step(member, 'team-assigned', async () => {
      await member.goto(`${base}/dashboard`)
      const panel = member.getByRole('heading', { name: 'Assigned to me' })
      await panel.waitFor()
      await member.getByRole('checkbox', { name: 'Draft the Apollo budget' }).click()
      await toast(member, 'Marked complete')
      await member.getByRole('button', { name: 'Add a note' }).click()
      await member.getByRole('textbox', { name: /^Note for / }).fill('Sent to finance')
      await member.getByRole('textbox', { name: /^Note for / }).press('Enter')
      await member.getByText('Your note: Sent to finance').waitFor()
      // Nothing else of the executive's is his to reach.
      expect((await api(member, 'GET', `/api/reports/${reportUuid}`)).status).toBe(404)
      expect(
        (await api(member, 'PUT', `/api/section-items/${taskId}`, { content: 'Mine' })).status,
      ).toBe(404)

      await exec.goto(`${base}/reports/${reportUuid}`)
      await exec.getByText(/^Completed by Tom Reed · /).waitFor()
      await exec.getByText('Tom Reed: Sent to finance').waitFor()
      await shot(exec, 'team-completed-by')
    }))

  test("Tom's sent report reaches Team updates; an item is pulled with attribution", () =>
    step(exec, 'team-updates', async () => {
      await api(member, 'POST', '/api/section-templates', { name: 'Wins', type: 'standard' })
      const own = (await api(member, 'POST', '/api/reports', { week_start_date: monday() })).json
      await api(member, 'POST', '/api/section-items', {
        section_id: own.sections[0].id,
        content: 'Closed the Apollo vendor contract',
      })
      // A draft never shows.
      await exec.goto(`${base}/team-updates`)
      await exec.getByText('Not sent yet: Tom Reed').waitFor()
      await api(member, 'PUT', `/api/reports/${own.uuid}`, { is_submitted: true })

      await exec.goto(`${base}/team`)
      await exec.getByRole('link', { name: 'Team updates' }).click()
      await exec.waitForURL(`${base}/team-updates`)
      const report = exec.getByRole('article', { name: "Tom Reed's report" })
      await report.waitFor()
      await report
        .getByRole('button', { name: 'Add to my report: Closed the Apollo vendor contract' })
        .click()
      await toast(exec, 'Added to your report')
      await report.getByText('In your report').waitFor()
      await shot(exec, 'team-updates-pulled')

      // The same report on Tom's page, under Sent reports.
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByRole('tab', { name: 'Sent reports' }).click()
      const onPage = exec.getByRole('article', { name: "Tom Reed's report" })
      await onPage.getByText('Closed the Apollo vendor contract').waitFor()
      await onPage.getByText('In your report').waitFor()
      await shot(exec, 'team-member-reports')

      await exec.goto(`${base}/reports/${reportUuid}`)
      await exec.getByText("from Tom Reed's report").waitFor()
      const items = (await api(exec, 'GET', `/api/reports/${reportUuid}`)).json.sections[0].items
      expect(
        items.filter((i: { content: string }) => i.content === 'Closed the Apollo vendor contract'),
      ).toHaveLength(1)
    }))

  test('search covers what each one may see, labelled, and opens it where it lives', () =>
    step(exec, 'team-search', async () => {
      const inGroup = (page: Page, group: string, title: string) =>
        page
          .locator('[cmdk-group]', {
            has: page.locator('[cmdk-group-heading]', { hasText: group }),
          })
          .locator('[data-slot="search-result"]', { hasText: title })
      // The executive: Tom's sent report under Team updates (her pulled copy stays under Reports).
      const input = await openSearch(exec)
      await input.fill('vendor contract')
      const update = inGroup(exec, 'Team updates', 'From Tom Reed')
      await update.waitFor()
      await inGroup(exec, 'Reports', 'Week of').waitFor()
      await shot(exec, 'team-search-executive')
      await update.click()
      await exec.waitForURL(`${base}/team-updates?week=${monday()}`)
      await exec.getByRole('article', { name: "Tom Reed's report" }).waitFor()

      // Tom: what was assigned to him, under Assigned to me, completed from the result.
      await api(member, 'PUT', `/api/assigned-to-me/${taskId}`, { is_completed: false })
      await member.goto(`${base}/dashboard`)
      const box = await openSearch(member)
      await box.fill('apollo budget')
      const assigned = inGroup(member, 'Assigned to me', 'Draft the Apollo budget')
      await assigned.waitFor()
      await assigned.hover()
      await assigned.locator('[data-action="complete"]').click()
      await toast(member, 'Item completed')
      await expect
        .poll(
          async () =>
            (await api(member, 'GET', '/api/assigned-to-me')).json.items[0]?.is_completed ?? null,
        )
        .toEqual(true)
      // Nothing else of the executive's report reaches his search.
      const sections = (await api(exec, 'GET', `/api/reports/${reportUuid}`)).json.sections
      await api(exec, 'POST', '/api/section-items', {
        section_id: sections[1].id,
        content: 'Zanzibar board prep',
      })
      await box.fill('zanzibar')
      await member.getByText(/^No results found for/).waitFor()
    }))

  test('unlinking ends every shared view on both sides at once', () =>
    step(exec, 'team-unlink', async () => {
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByRole('button', { name: 'Unlink' }).click()
      await exec.getByText(/ends every shared view at once/).waitFor()
      await exec.getByRole('button', { name: 'Unlink' }).click()
      await exec.getByText('Not on Cadence yet').waitFor()
      await expect(exec.getByRole('tab', { name: 'Sent reports' })).toHaveCount(0)

      await exec.goto(`${base}/team-updates`)
      await exec.getByText('No one on your team has joined Cadence yet').waitFor()
      await member.goto(`${base}/dashboard`)
      await member.getByRole('heading', { name: 'Dashboard' }).waitFor()
      await expect
        .poll(async () => (await api(member, 'GET', '/api/assigned-to-me')).json.items.length)
        .toEqual(0)
      await expect(member.getByRole('heading', { name: 'Assigned to me' })).toHaveCount(0)
      // What the executive pulled is hers and stays.
      await exec.goto(`${base}/reports/${reportUuid}`)
      await exec.getByText("from Tom Reed's report").waitFor()
    }))
})
