import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { MemberEntry, TeamMemberPrep } from '@cadence/ui'
import { deferred, json, restoreFetch, stubFetch } from '../test/fetch'
import { memberEntry, teamMember } from '../test/fixtures'
import { resetCache } from './cache'
import { loadPrep, prepState, toggleTalkingPoint } from './prep'
import { clearToasts, toastState } from './toasts'

const point = (id: number, content: string, is_completed = false): MemberEntry =>
  memberEntry({ id, team_member_id: 7, content, is_completed })

const prep = (pending: MemberEntry[], covered: MemberEntry[] = []): TeamMemberPrep => ({
  teamMember: teamMember({
    id: 7,
    uuid: 'm7',
    name: 'Grace',
    email: 'grace@example.com',
    created_at: '',
    updated_at: '',
  }),
  assignedTasks: [],
  assignedFollowups: [],
  standaloneTasks: [],
  standaloneFollowups: [],
  talkingPoints: pending,
  coveredLastTime: covered,
  completedSince: { since: '2026-11-11', last_one_on_one: false, assigned: [], standalone: [] },
  nudge: null,
})

const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)

beforeEach(() => {
  resetCache()
  clearToasts()
})
afterEach(restoreFetch)

describe('Prepare 1:1', () => {
  test('loads GET /api/team-members/{uuid}/prep', async () => {
    const calls = stubFetch(() => json(prep([point(1, 'Budget')])))
    await loadPrep('m7')
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/team-members/m7/prep' })
    expect(prepState.prep?.talkingPoints.map((t) => t.content)).toEqual(['Budget'])
    expect(prepState.notFound).toBe(false)
  })

  test('an unknown member is not found', async () => {
    stubFetch(() => json({ error: 'Team member not found' }, 404))
    const errorSpy = spyOn(console, 'error').mockImplementation(() => {})
    await loadPrep('nope')
    errorSpy.mockRestore()
    expect(prepState.prep).toBeNull()
    expect(prepState.notFound).toBe(true)
  })

  test('covering a talking point shows at once, PUTs it, toasts like the tab and refreshes', async () => {
    let covered = false
    const gate = deferred<Response>()
    const calls = stubFetch(({ method }) => {
      if (method === 'PUT') return gate.promise
      return json(covered ? prep([], [point(1, 'Budget', true)]) : prep([point(1, 'Budget')]))
    })
    await loadPrep('m7')
    const pending = toggleTalkingPoint(1, true)
    expect(prepState.prep?.talkingPoints[0].is_completed).toBe(true)
    covered = true
    gate.resolve(json(point(1, 'Budget', true)))
    expect(await pending).toBe(true)
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      path: '/api/team-members/talking-points/1',
      body: { is_completed: true },
    })
    expect(calls[2]).toMatchObject({ method: 'GET', path: '/api/team-members/m7/prep' })
    expect(prepState.prep?.talkingPoints).toEqual([])
    expect(prepState.prep?.coveredLastTime.map((t) => t.id)).toEqual([1])
    expect(messages()).toEqual(['success: Talking point marked as covered'])
  })

  test('reopening a point covered last time says pending', async () => {
    stubFetch(({ method }) =>
      method === 'PUT' ? json(point(2, 'Hiring')) : json(prep([], [point(2, 'Hiring', true)])),
    )
    await loadPrep('m7')
    await toggleTalkingPoint(2, false)
    expect(messages()).toEqual(['success: Talking point marked as pending'])
  })

  test('a failure rolls the point back and reports it', async () => {
    const calls = stubFetch(({ method }) =>
      method === 'PUT' ? json({ error: 'nope' }, 500) : json(prep([point(1, 'Budget')])),
    )
    const errorSpy = spyOn(console, 'error').mockImplementation(() => {})
    await loadPrep('m7')
    expect(await toggleTalkingPoint(1, true)).toBe(false)
    errorSpy.mockRestore()
    expect(prepState.prep?.talkingPoints[0].is_completed).toBe(false)
    expect(messages()).toEqual(['error: Failed to update talking point'])
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1)
  })
})
