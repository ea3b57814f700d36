import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { NudgeStatus, TeamMemberDashboard } from '@cadence/ui'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { teamMember } from '../test/fixtures'
import { resetCache } from './cache'
import { loadTeamMember, nudgeMember, teamMemberState } from './team-members'
import { clearToasts, toastState } from './toasts'

const due: NudgeStatus = { week_start_date: '2026-11-22', sent: false, nudged_at: null, mail: true }
const page = (nudge: NudgeStatus | null): TeamMemberDashboard => ({
  teamMember: teamMember({ id: 5, uuid: 'm5', name: 'Elena', email: 'elena@example.com' }),
  assignedTasks: [],
  assignedFollowups: [],
  standaloneTasks: [],
  standaloneFollowups: [],
  talkingPoints: [],
  nudge,
})
const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)

beforeEach(() => {
  resetCache()
  clearToasts()
})
afterEach(restoreFetch)

describe('Nudge', () => {
  test('POSTs the nudge, shows when at once, one toast', async () => {
    const nudged = { ...due, nudged_at: '2026-11-25T10:00:00.000Z' }
    const calls = stubFetch(({ method }) => json(method === 'POST' ? nudged : page(due)))
    await loadTeamMember('m5')
    expect(await nudgeMember('m5')).toBe(true)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/team-members/m5/dashboard',
      'POST /api/team-members/m5/nudge',
    ])
    expect(teamMemberState.dashboard?.nudge).toEqual(nudged)
    expect(messages()).toEqual([
      "success: Nudged Elena: they get one e-mail asking for this week's update",
    ])
  })

  test('a refusal says why and reloads the status', async () => {
    let sent = false
    const calls = stubFetch(({ method }) => {
      if (method === 'POST') {
        sent = true
        return json({ error: "Elena already sent this week's update" }, 409)
      }
      return json(page(sent ? { ...due, sent: true } : due))
    })
    await loadTeamMember('m5')
    const errorSpy = spyOn(console, 'error').mockImplementation(() => {})
    expect(await nudgeMember('m5')).toBe(false)
    errorSpy.mockRestore()
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET'])
    expect(teamMemberState.dashboard?.nudge?.sent).toBe(true)
    expect(messages()).toEqual(["error: Could not nudge: Elena already sent this week's update"])
  })
})
