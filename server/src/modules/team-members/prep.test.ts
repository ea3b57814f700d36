import { describe, expect } from 'bun:test'
import { eq } from 'drizzle-orm'
import { sectionItems, talkingPoints } from '../../db/schema'
import { isoDate } from '../../lib/time'
import { addDays } from '../../lib/weeks'
import { createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

const week = (n: number) => addDays(thisWeek(), 7 * n)
const contents = (list: Array<{ content: string }>) => list.map((i) => i.content)

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const grace = (await ada.api['team-members'].post({ name: 'Grace', email: 'g@example.com' }))
    .data!
  const alan = (await ada.api['team-members'].post({ name: 'Alan', email: 'a@example.com' })).data!
  return { ...ctx, ada, grace, alan }
}

describe('1:1 prep', () => {
  test("gathers the member's open items, newest copy only, pending and last covered points", async () => {
    const { db, ada, grace, alan } = await setup()
    const old = (await ada.api.reports.post({ week_start_date: week(-2) })).data!
    const [tasks, followups] = old.sections
    const item = async (sectionId: number, content: string, memberId: number) =>
      (
        await ada.api['section-items'].post({
          section_id: sectionId,
          content,
          assigned_to_team_member_id: memberId,
        })
      ).data!
    await item(tasks.id, 'Carried task', grace.id)
    const done = await item(tasks.id, 'Done task', grace.id)
    await ada.api['section-items']({ id: done.id }).put({ is_completed: true })
    await item(tasks.id, "Alan's task", alan.id)
    await item(followups.id, 'Open follow-up', grace.id)
    const current = (await ada.api.reports.post({ week_start_date: week(0), title: 'Now' })).data!
    expect(current.carried_count).toBe(3)

    const entry = async (
      kind: 'talking-points' | 'tasks' | 'followups',
      content: string,
      completed = false,
    ) => {
      const row = (await ada.api['team-members']({ uuid: grace.uuid })[kind].post({ content }))
        .data!
      if (completed) await ada.api['team-members'][kind]({ id: row.id }).put({ is_completed: true })
      return row
    }
    await entry('tasks', 'Standalone open')
    await entry('tasks', 'Standalone done', true)
    await entry('followups', 'Standalone follow-up')
    await entry('talking-points', 'Pending point')
    const recent1 = await entry('talking-points', 'Covered recently', true)
    const recent2 = await entry('talking-points', 'Also covered recently', true)
    const older = await entry('talking-points', 'Covered long ago', true)
    const at = (day: string, hour: string) => `${day}T${hour}:00:00.000Z`
    const setUpdated = (id: number, value: string) =>
      db.orm.update(talkingPoints).set({ updated_at: value }).where(eq(talkingPoints.id, id))
    await setUpdated(recent1.id, at('2026-11-10', '08'))
    await setUpdated(recent2.id, at('2026-11-10', '23'))
    await setUpdated(older.id, at('2026-11-03', '12'))
    await ada.api['team-members']({ uuid: alan.uuid })['talking-points'].post({
      content: 'Not Grace',
    })

    const res = await ada.api['team-members']({ uuid: grace.uuid }).prep.get()
    expect(res.status).toBe(200)
    const prep = res.data!
    expect(prep.teamMember).toMatchObject({
      uuid: grace.uuid,
      name: 'Grace',
      report_tasks_count: 1,
    })
    expect(contents(prep.assignedTasks)).toEqual(['Carried task'])
    expect(prep.assignedTasks[0]).toMatchObject({
      report_uuid: current.uuid,
      report_title: 'Now',
      report_week_start_date: week(0),
      carried_forward: false,
      carried_from_item_id: expect.any(Number),
      origin_week_start_date: week(-2),
      open_weeks: 2,
      is_stalled: false,
    })
    expect(contents(prep.assignedFollowups)).toEqual(['Open follow-up'])
    expect(contents(prep.standaloneTasks)).toEqual(['Standalone open'])
    expect(contents(prep.standaloneFollowups)).toEqual(['Standalone follow-up'])
    expect(contents(prep.talkingPoints)).toEqual(['Pending point'])
    expect(contents(prep.coveredLastTime)).toEqual(['Also covered recently', 'Covered recently'])
    expect(prep.coveredLastTime[0].is_completed).toBe(true)

    // Covering a point as on the Talking Points tab makes today the last covered day.
    const pending = prep.talkingPoints[0]
    await ada.api['team-members']['talking-points']({ id: pending.id }).put({ is_completed: true })
    const after = (await ada.api['team-members']({ uuid: grace.uuid }).prep.get()).data!
    expect(after.talkingPoints).toEqual([])
    expect(contents(after.coveredLastTime)).toEqual(['Pending point'])
  })

  test('what the member completed since the last 1:1: from the day points were last covered', async () => {
    const { db, ada, grace, alan } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: week(0) })).data!
    const [tasks, followups] = report.sections
    const item = async (sectionId: number, content: string, memberId: number) =>
      (
        await ada.api['section-items'].post({
          section_id: sectionId,
          content,
          assigned_to_team_member_id: memberId,
        })
      ).data!
    const complete = (id: number) => ada.api['section-items']({ id }).put({ is_completed: true })
    const before = await item(tasks.id, 'Done before the 1:1', grace.id)
    const after = await item(tasks.id, 'Done after the 1:1', grace.id)
    const followup = await item(followups.id, 'Follow-up done', grace.id)
    await item(tasks.id, 'Still open', grace.id)
    const alans = await item(tasks.id, "Alan's done", alan.id)
    for (const i of [before, after, followup, alans]) await complete(i.id)
    const standalone = (
      await ada.api['team-members']({ uuid: grace.uuid }).tasks.post({ content: 'Own done' })
    ).data!
    await ada.api['team-members'].tasks({ id: standalone.id }).put({ is_completed: true })

    // No 1:1 on record: the last 14 days.
    const none = (await ada.api['team-members']({ uuid: grace.uuid }).prep.get()).data!
      .completedSince
    expect(none.last_one_on_one).toBe(false)
    expect(none.since).toBe(addDays(isoDate(), -14))
    expect(contents(none.assigned).sort()).toEqual(
      ['Done after the 1:1', 'Done before the 1:1', 'Follow-up done'].sort(),
    )
    expect(contents(none.standalone)).toEqual(['Own done'])

    // The last 1:1 was yesterday: what changed before it is left out.
    const yesterday = addDays(isoDate(), -1)
    const point = (
      await ada.api['team-members']({ uuid: grace.uuid })['talking-points'].post({ content: 'P' })
    ).data!
    await ada.api['team-members']['talking-points']({ id: point.id }).put({ is_completed: true })
    await db.orm
      .update(talkingPoints)
      .set({ updated_at: `${yesterday}T10:00:00.000Z` })
      .where(eq(talkingPoints.id, point.id))
    await db.orm
      .update(sectionItems)
      .set({ updated_at: `${addDays(yesterday, -3)}T10:00:00.000Z` })
      .where(eq(sectionItems.id, before.id))
    const since = (await ada.api['team-members']({ uuid: grace.uuid }).prep.get()).data!
      .completedSince
    expect(since).toMatchObject({ since: yesterday, last_one_on_one: true })
    expect(contents(since.assigned).sort()).toEqual(['Done after the 1:1', 'Follow-up done'])
    expect(since.assigned[0]).toMatchObject({ is_completed: true, report_uuid: report.uuid })
  })

  test('a member with nothing covered has an empty coveredLastTime', async () => {
    const { ada, alan } = await setup()
    const prep = (await ada.api['team-members']({ uuid: alan.uuid }).prep.get()).data!
    expect(prep).toMatchObject({
      assignedTasks: [],
      assignedFollowups: [],
      standaloneTasks: [],
      standaloneFollowups: [],
      talkingPoints: [],
      coveredLastTime: [],
    })
  })

  test("another user's member is 404 and shows nothing; a bad uuid is 400", async () => {
    const { app, ada, grace } = await setup()
    await ada.api['team-members']({ uuid: grace.uuid })['talking-points'].post({
      content: 'Secret point',
    })
    const bob = await signIn(app, 'bob@example.com')
    const res = await bob.api['team-members']({ uuid: grace.uuid }).prep.get()
    expect(res.status).toBe(404)
    expect(res.error?.value).toEqual({ error: 'Team member not found' })
    expect((await ada.api['team-members']({ uuid: 'x'.repeat(65) }).prep.get()).status).toBe(400)
    expect((await ada.api['team-members']({ uuid: crypto.randomUUID() }).prep.get()).status).toBe(
      404,
    )
  })
})
