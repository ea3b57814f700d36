// Nudge and the 1:1 prep, two people: an executive and a linked team member who has not sent
// this week's update. With mail not set up (the journeys' server has no SMTP) the member page
// says why Cadence cannot nudge and copies a message instead; with mail (a server of its own
// pointed at a loopback SMTP server) 'Nudge' e-mails the member once and then says when; the prep
// page lists what the member completed since the last 1:1 (the day talking points were last
// covered).
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { startTestSmtp } from '@cadence/server/testing'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  base,
  expect,
  monday,
  newPage,
  signedInPage,
  signInTourSkipped,
  startOwnServer,
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
  await signInTourSkipped(member, memberEmail, 'Tom Reed')
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

/** An executive and a linked member who has not sent this week, on the server at `origin`. */
async function linkedPair(origin: string) {
  const boss = await newPage(browser)
  await signInTourSkipped(boss, unique('nudge-mail-exec'), 'Ada Exec', origin)
  const email = unique('nudged-by-mail')
  const tom = (await api(boss, 'POST', '/api/team-members', { name: 'Tom Reed', email })).json
  const invitation = (await api(boss, 'POST', `/api/team-members/${tom.uuid}/invitations`)).json
  const them = await newPage(browser)
  await signInTourSkipped(them, email, 'Tom Reed', origin)
  const token = invitation.url.split('/').pop()
  expect((await api(them, 'POST', `/api/invitations/${token}/accept`)).status).toBe(200)
  await them.context().close()
  return { boss, email, uuid: tom.uuid as string }
}

/** Starts a server of the test's own with SMTP pointed at `smtpUrl`; the env is put back after. */
async function serverWithMail(smtpUrl: string) {
  const keys = ['SMTP_URL', 'MAIL_FROM', 'SMTP_REQUIRE_TLS'] as const
  const saved = keys.map((key) => [key, process.env[key]] as const)
  process.env.SMTP_URL = smtpUrl
  process.env.MAIL_FROM = 'Cadence <reports@example.com>'
  // The loopback test server offers no STARTTLS: the explicit opt-out a deployment would need.
  process.env.SMTP_REQUIRE_TLS = 'off'
  return startOwnServer().finally(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })
}

describe('nudge and the 1:1 prep', () => {
  test('without mail, Nudge says why and copies a message to send yourself', () =>
    step(exec, 'member-nudge-copy', async () => {
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText(`Linked — ${memberEmail}`).waitFor()
      await exec.getByText('No update from Tom Reed this week yet.').waitFor()
      const copy = exec.getByRole('button', { name: 'Copy a nudge' })
      // The reason is the button's description, so a screen reader hears it with the button.
      await expect(copy).toHaveAttribute('aria-describedby', /./)
      const why = exec.locator(`[id="${await copy.getAttribute('aria-describedby')}"]`)
      await expect(why).toContainText('E-mail is not set up on this server')
      await expect(exec.getByRole('button', { name: 'Nudge', exact: true })).toHaveCount(0)
      await copy.click()
      await toast(exec, 'Message copied: send it yourself')
      const copied = await exec.evaluate(() => navigator.clipboard.readText())
      expect(copied).toMatch(/^Hi Tom, a quick nudge: could you send your weekly update/)
      expect(copied).toContain(`${base}/reports`)
      // The server refuses an e-mail nudge it cannot send, and records nothing.
      const refused = await api(exec, 'POST', `/api/team-members/${memberUuid}/nudge`)
      expect(refused.status).toBe(409)
      expect(refused.json.error).toContain('Mail is not set up on this server')
      await exec.reload()
      await exec.getByRole('button', { name: 'Copy a nudge' }).waitFor()
    }))

  test('with mail, Nudge e-mails Tom once and the page then says when', async () => {
    const smtp = await startTestSmtp()
    const own = await serverWithMail(smtp.url)
    try {
      const { boss, email, uuid } = await linkedPair(own.baseUrl)
      await step(boss, 'member-nudge-mail', async () => {
        await boss.goto(`${own.baseUrl}/team-members/${uuid}`)
        await boss.getByText('No update from Tom Reed this week yet.').waitFor()
        await expect(boss.getByRole('button', { name: 'Copy a nudge' })).toHaveCount(0)
        await boss.getByRole('button', { name: 'Nudge', exact: true }).click()
        await toast(boss, "Nudged Tom Reed: they get one e-mail asking for this week's update")
        // The button gives way to when Tom was nudged, also after a reload.
        const nudged = boss.locator('.cad-nudge[data-state="nudged"]')
        await nudged.getByText(/nudged .* \(one nudge a week\)/).waitFor()
        await expect(boss.getByRole('button', { name: 'Nudge', exact: true })).toHaveCount(0)
        // With mail on, the invitation was e-mailed too: the nudge is the second message.
        const nudges = async () =>
          (await smtp.waitFor(2, 60_000)).filter(
            (m) => m.message.headers.get('subject') === 'Ada Exec asks for your weekly update',
          )
        const [mail] = await nudges()
        expect(mail?.rcptTo).toEqual([email])
        await boss.reload()
        await nudged.getByText(/nudged .* \(one nudge a week\)/).waitFor()
        // A second nudge this week is refused and sends nothing more.
        const again = await api(boss, 'POST', `/api/team-members/${uuid}/nudge`)
        expect(again.status).toBe(409)
        expect(again.json.error).toBe('Tom Reed was already nudged this week')
        await expect.poll(() => nudges()).toHaveLength(1)
      })
      await boss.context().close()
    } finally {
      await own.dispose()
      await smtp.close()
    }
  })

  test('once Tom sends his update, the page says so instead of offering a nudge', () =>
    step(exec, 'member-nudge-sent', async () => {
      await api(member, 'POST', '/api/section-templates', { name: 'Wins', type: 'standard' })
      const own = (await api(member, 'POST', '/api/reports', { week_start_date: monday() })).json
      expect(
        (await api(member, 'PUT', `/api/reports/${own.uuid}`, { is_submitted: true })).status,
      ).toBe(200)
      await exec.goto(`${base}/team-members/${memberUuid}`)
      await exec.getByText("Tom Reed sent this week's update.").waitFor()
      await expect(exec.getByRole('button', { name: 'Copy a nudge' })).toHaveCount(0)
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
      await expect(section.getByText('Book the offsite venue')).toHaveCount(0)
      // It links the report the item came from.
      await section.getByRole('link', { name: /^Week of / }).waitFor()
      // The open one is still listed as open, and the covered point as covered last time.
      await exec.getByText('Book the offsite venue').first().waitFor()
      await exec.getByText('Budget timeline').first().waitFor()
    }))
})
