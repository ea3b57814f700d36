// Nudge and the 1:1 prep, two people: an executive and a linked team member who has not sent
// this week's update. With mail not set up (the journeys' server has no SMTP) the member page
// says why Cadence cannot nudge and copies a message instead; the prep page lists what the member
// completed since the last 1:1 (the day talking points were last covered).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  monday,
  newPage,
  signedInPage,
  signIn,
  skipTour,
  step,
  toast,
  unique,
} from './helpers'

let browser: Browser
let exec: Page
let member: Page
let memberUuid = ''
let taskId = 0
const memberEmail = unique('nudged')

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  exec = await signedInPage(browser, 'nudge-exec')
  await exec.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  await api(exec, 'POST', '/api/section-templates', { name: 'Tasks', type: 'tasks' })
  const tom = (
    await api(exec, 'POST', '/api/team-members', { name: 'Tom Reed', email: memberEmail })
  ).json
  memberUuid = tom.uuid
  const report = (await api(exec, 'POST', '/api/reports', { week_start_date: monday() })).json
  taskId = (
    await api(exec, 'POST', '/api/section-items', {
      section_id: report.sections[0].id,
      content: 'Draft the Apollo budget',
      assigned_to_team_member_id: tom.id,
    })
  ).json.id
  await api(exec, 'POST', '/api/section-items', {
    section_id: report.sections[0].id,
    content: 'Book the offsite venue',
    assigned_to_team_member_id: tom.id,
  })
  // Linked: Tom signs in with the invited address and accepts.
  const invitation = (await api(exec, 'POST', `/api/team-members/${memberUuid}/invitations`)).json
  member = await newPage(browser)
  await signIn(member, memberEmail, 'Tom Reed')
  await skipTour(member)
  const accepted = await api(
    member,
    'POST',
    `/api/invitations/${invitation.url.split('/').pop()}/accept`,
  )
  expect(accepted.status).toBe(200)
})
afterAll(async () => {
  await browser?.close()
})

describe('nudge and the 1:1 prep', () => {
  test('without mail, Nudge says why and copies a message to send yourself', () =>
    step(exec, 'member-nudge-copy', async () => {
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText(`Linked — ${memberEmail}`).waitFor()
      await exec.getByText('No update from Tom Reed this week yet.').waitFor()
      const copy = exec.getByRole('button', { name: 'Copy a nudge' })
      // The reason is the button's description, so a screen reader hears it with the button.
      await expect(copy.getAttribute('aria-describedby')).resolves.toBeTruthy()
      const why = exec.locator(`[id="${await copy.getAttribute('aria-describedby')}"]`)
      expect(await why.textContent()).toContain('E-mail is not set up on this server')
      expect(await exec.getByRole('button', { name: 'Nudge', exact: true }).count()).toBe(0)
      await copy.click()
      await toast(exec, 'Message copied: send it yourself')
      const copied = await exec.evaluate(() => navigator.clipboard.readText())
      expect(copied).toStartWith('Hi Tom, a quick nudge: could you send your weekly update')
      expect(copied).toContain(`${base}/reports`)
      // The server refuses an e-mail nudge it cannot send, and records nothing.
      const refused = await api(exec, 'POST', `/api/team-members/${memberUuid}/nudge`)
      expect(refused.status).toBe(409)
      expect(refused.json.error).toContain('Mail is not set up on this server')
      await exec.reload()
      await exec.getByRole('button', { name: 'Copy a nudge' }).waitFor()
    }))

  test('once Tom sends his update, the page says so instead of offering a nudge', () =>
    step(exec, 'member-nudge-sent', async () => {
      await api(member, 'POST', '/api/section-templates', { name: 'Wins', type: 'standard' })
      const own = (await api(member, 'POST', '/api/reports', { week_start_date: monday() })).json
      expect(
        (await api(member, 'PUT', `/api/reports/${own.uuid}`, { is_submitted: true })).status,
      ).toBe(200)
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText("Tom Reed sent this week's update.").waitFor()
      expect(await exec.getByRole('button', { name: 'Copy a nudge' }).count()).toBe(0)
    }))

  test('the prep page lists what Tom completed since the last 1:1', () =>
    step(exec, 'member-prep-completed-since', async () => {
      // The last 1:1: a talking point covered today.
      const point = (
        await api(exec, 'POST', `/api/team-members/${memberUuid}/talking-points`, {
          content: 'Budget timeline',
        })
      ).json
      await api(exec, 'PUT', `/api/team-members/talking-points/${point.id}`, { is_completed: true })
      // Tom completes one of his two items on his side.
      const done = await api(member, 'PUT', `/api/assigned-to-me/${taskId}`, { is_completed: true })
      expect(done.status).toBe(200)

      await exec.goto(`${base}/team-members/${memberUuid}/prep`)
      const heading = exec.getByRole('heading', { name: /^Completed since the last 1:1 \(/ })
      await heading.waitFor()
      const section = exec.locator('section', { has: heading })
      await section.getByText('Draft the Apollo budget').waitFor()
      expect(await section.getByText('Book the offsite venue').count()).toBe(0)
      // It links the report the item came from.
      await section.getByRole('link', { name: /^Week of / }).waitFor()
      // The open one is still listed as open, and the covered point as covered last time.
      await exec.getByText('Book the offsite venue').first().waitFor()
      await exec.getByText('Budget timeline').first().waitFor()
    }))
})
