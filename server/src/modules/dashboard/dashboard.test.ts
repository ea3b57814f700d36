import { expect } from 'bun:test'
import type { DashboardData as Dashboard } from '@cadence/contract'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

// Weeks relative to the real current week (the server ages items against today), Monday start.
const week = (n: number) => addDays(thisWeek(), 7 * n)

type Section = { id: number; section_name: string }
type Report = { uuid: string; sections: Section[] }
async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const project = async (name: string) => (await ada.api.projects.post({ name })).data!
  const member = async (name: string, email: string) =>
    (await ada.api['team-members'].post({ name, email })).data!
  return {
    app: ctx.app,
    ada,
    apollo: await project('Apollo'),
    zeus: await project('Zeus'),
    hermes: await project('Hermes'),
    elena: await member('Elena', 'elena@example.com'),
    tom: await member('Tom', 'tom@example.com'),
  }
}

const create = async (client: Client, weekStartDate: string) => {
  const res = await client.api.reports.post({
    week_start_date: weekStartDate,
    carry_over: false,
  })
  expect(res.status).toBe(200)
  return res.data! as Report
}
const sectionId = (r: Report, name: string) => r.sections.find((s) => s.section_name === name)!.id
const add = async (client: Client, section: number, content: string, extra: object = {}) => {
  const res = await client.api['section-items'].post({ section_id: section, content, ...extra })
  expect(res.status).toBe(200)
  return res.data! as { id: number }
}

test('open items carry their assignee and project; Waiting on groups them by person, longest waiting first', async () => {
  const { ada, apollo, elena, tom } = await setup()
  const old = await create(ada, week(-3))
  const now = await create(ada, thisWeek())
  const stalled = await add(ada, sectionId(old, 'Action Items'), 'Sign the vendor contract', {
    assigned_to_team_member_id: elena.id,
    project_id: apollo.id,
  })
  const fresh = await add(ada, sectionId(now, 'Follow-ups'), 'Ask about the budget', {
    assigned_to_team_member_id: elena.id,
  })
  const toms = await add(ada, sectionId(now, 'Action Items'), 'Draft the plan', {
    assigned_to_team_member_id: tom.id,
  })
  const mine = await add(ada, sectionId(now, 'Action Items'), 'Write the memo')
  const done = await add(ada, sectionId(now, 'Action Items'), 'Done already', {
    assigned_to_team_member_id: tom.id,
  })
  await ada.api['section-items']({ id: done.id }).put({ is_completed: true })

  const res = await ada.api.dashboard.get()
  expect(res.status).toBe(200)
  const dash = res.data! as Dashboard
  const task = (id: number) => dash.activeTasks.find((i) => i.id === id)!
  expect(task(stalled.id)).toMatchObject({
    assignee_uuid: elena.uuid,
    assignee_name: 'Elena',
    project_uuid: apollo.uuid,
    project_name: 'Apollo',
    open_weeks: 3,
    is_stalled: true,
  })
  expect(task(mine.id)).toMatchObject({
    assignee_uuid: null,
    assignee_name: null,
    project_uuid: null,
    project_name: null,
  })
  expect(dash.waitingOn).toEqual([
    {
      team_member_uuid: elena.uuid,
      name: 'Elena',
      item_ids: [stalled.id, fresh.id],
      oldest_open_weeks: 3,
    },
    { team_member_uuid: tom.uuid, name: 'Tom', item_ids: [toms.id], oldest_open_weeks: 0 },
  ])
})

test('project health of the current report, worst first; none without a report of this week', async () => {
  const { ada, apollo, zeus, hermes } = await setup()
  expect(((await ada.api.dashboard.get()).data! as Dashboard).projectHealth).toEqual([])
  const old = await create(ada, week(-1))
  await add(ada, sectionId(old, 'Action Items'), 'Old work', { project_id: zeus.id })
  await ada.api
    .reports({ uuid: old.uuid })
    ['project-health']({ project_uuid: zeus.uuid })
    .put({ health: 'at_risk' })
  const now = await create(ada, thisWeek())
  const tasks = sectionId(now, 'Action Items')
  await add(ada, tasks, 'Apollo work', { project_id: apollo.id })
  await add(ada, tasks, 'Zeus work', { project_id: zeus.id })
  await add(ada, tasks, 'Hermes work', { project_id: hermes.id })
  const set = (p: { uuid: string }, health: 'on_track' | 'at_risk' | 'off_track', note?: string) =>
    ada.api
      .reports({ uuid: now.uuid })
      ['project-health']({ project_uuid: p.uuid })
      .put({ health, note })
  expect((await set(apollo, 'on_track')).status).toBe(200)
  expect((await set(hermes, 'off_track', 'vendor slipped')).status).toBe(200)
  // Zeus has no health this week: it carries last week's At risk.
  const dash = (await ada.api.dashboard.get()).data! as Dashboard
  const expected: Dashboard['projectHealth'] = [
    {
      project_uuid: hermes.uuid,
      project_name: 'Hermes',
      health: 'off_track',
      note: 'vendor slipped',
    },
    { project_uuid: zeus.uuid, project_name: 'Zeus', health: 'at_risk', note: null },
    { project_uuid: apollo.uuid, project_name: 'Apollo', health: 'on_track', note: null },
  ]
  expect(dash.projectHealth).toEqual(expected)
})

test("another user's dashboard shows none of these", async () => {
  const { app, ada, elena } = await setup()
  const now = await create(ada, thisWeek())
  await add(ada, sectionId(now, 'Action Items'), 'Secret', { assigned_to_team_member_id: elena.id })
  const bob = await signIn(app, 'bob@example.com')
  const dash = (await bob.api.dashboard.get()).data! as Dashboard
  expect(dash.waitingOn).toEqual([])
  expect(dash.activeTasks).toEqual([])
})
