// Mismatched health: a linked team member's sent report calls a project at risk that the
// executive's own report calls on track; the executive's Project health shows it on that row
// ("Tom Reed: At risk — 'vendor slipped'"), never from the member's draft.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, monday, newPage, signInTourSkipped, step, unique } from './helpers'

let browser: Browser
let exec: Page
let member: Page
let execReport = ''
let memberReport = ''
const memberEmail = unique('health-member')
const flag = "Tom Reed: At risk — 'vendor slipped'"

/** A report of this week with one item in a project named `project`. */
async function reportOn(page: Page, project: string) {
  await api(page, 'POST', '/api/section-templates', { name: 'Highlights', type: 'standard' })
  const p = (await api(page, 'POST', '/api/projects', { name: project })).json
  const report = (await api(page, 'POST', '/api/reports', { week_start_date: monday() })).json
  const item = await api(page, 'POST', '/api/section-items', {
    section_id: report.sections[0].id,
    content: `Work on ${project}`,
    project_id: p.id,
  })
  expect(item.status).toBe(200)
  return { report: report.uuid as string, project: p.uuid as string }
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  exec = await newPage(browser)
  await signInTourSkipped(exec, unique('health-exec'))
  member = await newPage(browser)
  await signInTourSkipped(member, memberEmail, 'Tom Reed')
  // Tom is on the executive's team and has linked his account.
  const tom = (
    await api(exec, 'POST', '/api/team-members', { name: 'Tom Reed', email: memberEmail })
  ).json
  const invitation = (await api(exec, 'POST', `/api/team-members/${tom.uuid}/invitations`)).json
  const token = String(invitation.url).split('/invite/')[1]
  expect((await api(member, 'POST', `/api/invitations/${token}/accept`)).status).toBe(200)
  // The executive's Apollo is on track; Tom's, in his own report, at risk.
  const mine = await reportOn(exec, 'Apollo')
  execReport = mine.report
  const set = await api(exec, 'PUT', `/api/reports/${mine.report}/project-health/${mine.project}`, {
    health: 'on_track',
    note: 'Launch on time',
  })
  expect(set.status).toBe(200)
  const his = await reportOn(member, 'apollo')
  memberReport = his.report
  await api(member, 'PUT', `/api/reports/${his.report}/project-health/${his.project}`, {
    health: 'at_risk',
    note: 'vendor slipped',
  })
})
afterAll(async () => {
  await browser?.close()
})

describe('mismatched health', () => {
  test("Tom's draft is not shown on the executive's table", () =>
    step(exec, 'health-signal-draft', async () => {
      await exec.goto(`${base}/reports/${execReport}`)
      await exec.getByRole('combobox', { name: 'Health of Apollo' }).waitFor()
      await exec.getByRole('textbox', { name: 'Why, for Apollo' }).waitFor()
      await expect(exec.getByText(flag)).toHaveCount(0)
    }))

  test("once Tom sends, his at-risk Apollo is flagged on the executive's row", () =>
    step(exec, 'health-signal-sent', async () => {
      const sent = await api(member, 'PUT', `/api/reports/${memberReport}`, { is_submitted: true })
      expect(sent.status).toBe(200)
      await exec.reload()
      const signal = exec.getByText(flag)
      await signal.waitFor()
      // On Apollo's row, in the executive's health panel, and said as a list of the team's view.
      const list = exec.getByRole('list', { name: 'Your team calls this worse' })
      await expect(list).toHaveCount(1)
      // Only the executive sees it: Tom's own report has no such line.
      await member.goto(`${base}/reports/${memberReport}`)
      await member.getByRole('heading', { name: 'Project health' }).waitFor()
      await expect(member.getByText(/Your team calls this worse/)).toHaveCount(0)
      await expect(member.getByRole('list', { name: 'Your team calls this worse' })).toHaveCount(0)
    }))
})
