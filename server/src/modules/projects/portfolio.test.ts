// The projects overview as a portfolio: health with its why and trend, last update, counts and
// owner per active project, worst first; only the user's own.
import { describe, expect } from 'bun:test'
import { addDays } from '../../lib/weeks'
import { createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'

const week = (n: number) => addDays(thisWeek(), 7 * n)

async function setUp() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
  const project = async (name: string) => (await ada.api.projects.post({ name })).data!
  const [apollo, atlas, hiring, dormant, fresh, archived] = await Promise.all(
    ['Apollo', 'Atlas', 'Hiring', 'Dormant', 'Fresh', 'Archived'].map(project),
  )
  await ada.api.projects({ uuid: archived.uuid }).put({ status: 'archived' })
  const elena = (await ada.api['team-members'].post({ name: 'Elena', email: 'e@example.com' }))
    .data!
  const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 't@example.com' })).data!
  const report = async (n: number) =>
    (await ada.api.reports.post({ week_start_date: week(n), carry_over: false })).data!
  const item = async (
    r: { sections: { id: number }[] },
    p: { id: number },
    content: string,
    o: { member?: { id: number }; done?: boolean } = {},
  ) => {
    const row = (
      await ada.api['section-items'].post({
        section_id: r.sections[0].id,
        content,
        project_id: p.id,
        assigned_to_team_member_id: o.member?.id ?? null,
      })
    ).data!
    if (o.done) await ada.api['section-items']({ id: row.id }).put({ is_completed: true })
    return row
  }
  const health = (
    r: { uuid: string },
    p: { uuid: string },
    h: 'on_track' | 'at_risk' | 'off_track',
    note?: string,
  ) =>
    ada.api
      .reports({ uuid: r.uuid })
      ['project-health']({ project_uuid: p.uuid })
      .put({ health: h, note })
  return { ...ctx, ada, apollo, atlas, hiring, dormant, fresh, elena, tom, report, item, health }
}

describe('projects portfolio', () => {
  test('health with why and trend, last update, counts and owner; worst first', async () => {
    const { ada, apollo, atlas, hiring, dormant, fresh, elena, tom, report, item, health } =
      await setUp()
    const w5 = await report(-5)
    await item(w5, dormant, 'Old dormant work')
    const w2 = await report(-2)
    await item(w2, apollo, 'Apollo two weeks ago')
    await item(w2, atlas, 'Atlas two weeks ago')
    expect((await health(w2, apollo, 'on_track')).status).toBe(200)
    await health(w2, atlas, 'on_track')
    const w1 = await report(-1)
    await item(w1, apollo, 'Apollo last week')
    await item(w1, atlas, 'Atlas last week')
    await health(w1, apollo, 'at_risk', 'Vendor slipped')
    await health(w1, atlas, 'on_track')
    const now = await report(0)
    await item(now, apollo, 'Apollo open 1', { member: elena })
    await item(now, apollo, 'Apollo open 2', { member: elena })
    await item(now, apollo, 'Apollo open 3', { member: tom })
    await item(now, apollo, 'Apollo done', { member: tom, done: true })
    await item(now, atlas, 'Atlas open', { member: tom })
    await item(now, hiring, 'Hiring open')
    await health(now, apollo, 'off_track', 'Launch moved to Q2')
    await health(now, atlas, 'on_track', 'On plan')

    const res = await ada.api.projects.portfolio.get()
    expect(res.status).toBe(200)
    const rows = res.data!
    expect(rows.map((r) => r.name)).toEqual(['Apollo', 'Dormant', 'Fresh', 'Hiring', 'Atlas'])
    expect(rows[0]).toEqual({
      uuid: apollo.uuid,
      name: 'Apollo',
      health: 'off_track',
      note: 'Launch moved to Q2',
      health_week: week(0),
      trend: [
        { week_start_date: week(-2), health: 'on_track' },
        { week_start_date: week(-1), health: 'at_risk' },
        { week_start_date: week(0), health: 'off_track' },
      ],
      last_update: week(0),
      weeks_since_update: 0,
      stalled: false,
      open_count: 3,
      completed_count: 1,
      // None set: the first assignee of its open items, computed.
      owner: { uuid: elena.uuid, name: 'Elena', open_count: 2, source: 'first_assignee' },
    })
    expect(rows[1]).toMatchObject({
      name: 'Dormant',
      health: null,
      trend: [],
      last_update: week(-5),
      weeks_since_update: 5,
      stalled: true,
      open_count: 1,
      owner: null,
    })
    expect(rows[3]).toMatchObject({ name: 'Hiring', health: null, stalled: false, open_count: 1 })
    // Never in a report: with the oldest updates, before those with a recent one.
    expect(rows[2]).toMatchObject({
      name: 'Fresh',
      last_update: null,
      weeks_since_update: null,
      stalled: false,
      open_count: 0,
      completed_count: 0,
    })
    expect(rows[4]).toMatchObject({
      name: 'Atlas',
      health: 'on_track',
      note: 'On plan',
      owner: { name: 'Tom', open_count: 1, source: 'first_assignee' },
    })
    expect(rows[4].uuid).toBe(atlas.uuid)
    expect(fresh.uuid).toBe(rows[2].uuid)
    expect(dormant.uuid).toBe(rows[1].uuid)
    expect(hiring.uuid).toBe(rows[3].uuid)
    expect(JSON.stringify(rows)).not.toContain('Archived')
  })

  test('the owner set in Settings › Projects wins over the first assignee, and can be cleared', async () => {
    const { app, ada, apollo, elena, tom, report, item } = await setUp()
    const now = await report(0)
    await item(now, apollo, 'Apollo open 1', { member: elena })
    await item(now, apollo, 'Apollo open 2', { member: tom })
    const ownerOf = async () =>
      (await ada.api.projects.portfolio.get()).data!.find((p) => p.uuid === apollo.uuid)!.owner
    expect(await ownerOf()).toEqual({
      uuid: elena.uuid,
      name: 'Elena',
      open_count: 1,
      source: 'first_assignee',
    })
    const set = await ada.api.projects({ uuid: apollo.uuid }).put({ owner_member_id: tom.id })
    expect(set.status).toBe(200)
    expect(set.data!.owner_member_id).toBe(tom.id)
    expect(await ownerOf()).toEqual({ uuid: tom.uuid, name: 'Tom', open_count: 1, source: 'set' })
    // The list and one project answer it too.
    const listed = (await ada.api.projects.get()).data!.find((p) => p.uuid === apollo.uuid)!
    expect(listed.owner_member_id).toBe(tom.id)

    // Another user's member, an unknown id or a bad value: 4xx and no change.
    const bob = await signIn(app, 'bob@example.com')
    const bobs = (await bob.api['team-members'].post({ name: 'Zed', email: 'z@example.com' })).data!
    const foreign = await ada.api.projects({ uuid: apollo.uuid }).put({ owner_member_id: bobs.id })
    expect(foreign.status).toBe(404)
    for (const owner_member_id of [0, -1, 'x', 1.5, 99_999_999_999]) {
      const res = await ada.put(`/api/projects/${apollo.uuid}`, { owner_member_id })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    // Bob cannot set the owner of Ada's project.
    expect(
      (await bob.api.projects({ uuid: apollo.uuid }).put({ owner_member_id: bobs.id })).status,
    ).toBe(404)
    expect(await ownerOf()).toMatchObject({ name: 'Tom', source: 'set' })

    // Deleting the member clears the owner: the first assignee again.
    expect((await ada.api['team-members']({ uuid: tom.uuid }).delete()).status).toBe(200)
    expect(await ownerOf()).toMatchObject({ name: 'Elena', source: 'first_assignee' })
    await ada.api.projects({ uuid: apollo.uuid }).put({ owner_member_id: elena.id })
    expect(await ownerOf()).toMatchObject({ name: 'Elena', source: 'set' })
    await ada.api.projects({ uuid: apollo.uuid }).put({ owner_member_id: null })
    expect(await ownerOf()).toMatchObject({ source: 'first_assignee' })
  })

  test("another user's projects never appear; a user without projects gets an empty list", async () => {
    const { app, ada } = await setUp()
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.api.projects.portfolio.get()).data!).toEqual([])
    expect(((await ada.api.projects.portfolio.get()).data! as unknown[]).length).toBe(5)
  })
})
