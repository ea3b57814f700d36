import { describe, expect, test } from 'bun:test'
import { reportSections, reports, sectionItems } from '../../db/schema'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

type Ctx = Awaited<ReturnType<typeof createTestApp>>

/** A report with one section and the given items, written straight to the database. */
async function seedItems(
  { db }: Ctx,
  userId: number,
  week: string,
  items: Array<{
    project_id: number | null
    item_type: 'standard' | 'task' | 'followup'
    content: string
  }>,
) {
  const report = (
    await db.orm
      .insert(reports)
      .values({
        user_id: userId,
        uuid: crypto.randomUUID(),
        week_start_date: week,
        title: `Week ${week}`,
      })
      .returning()
  )[0]
  const section = (
    await db.orm
      .insert(reportSections)
      .values({
        report_id: report.id,
        user_id: userId,
        section_name: 'Updates',
        section_type: 'tasks',
      })
      .returning()
  )[0]
  for (const item of items) {
    await db.orm.insert(sectionItems).values({ ...item, section_id: section.id, user_id: userId })
  }
  return report
}

describe('projects', () => {
  test('create defaults to active and trims the name; list is sorted by name with counts', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const res = await ada.api.projects.post({ name: '  Zeus  ' })
    expect(res.status).toBe(200)
    expect(res.data!).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      name: 'Zeus',
      status: 'active',
    })
    await ada.api.projects.post({ name: 'Apollo', status: 'archived' })
    const list = await ada.api.projects.get()
    expect(list.data!.map((p: { name: string }) => p.name)).toEqual(['Apollo', 'Zeus'])
    expect(list.data![0]).toMatchObject({
      total_references: 0,
      task_count: 0,
      followup_count: 0,
      reports_count: 0,
    })
  })

  test('name validation: required, non-blank, at most 255', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      // Bodies the types refuse go by path.
      const res = await ada.post('/api/projects', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBe('Project name is required')
    }
    const long = await ada.api.projects.post({ name: 'x'.repeat(256) })
    expect(long.status).toBe(400)
    expect(long.error?.value).toEqual({ error: 'Project name must be at most 255 characters' })
    expect((await ada.api.projects.post({ name: 'x'.repeat(255) })).status).toBe(200)
    expect((await ada.post('/api/projects', { name: 'Ok', status: 'paused' })).status).toBe(400)
  })

  test('PUT changes the status alone or the name alone', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const p = (await ada.api.projects.post({ name: 'Apollo' })).data!
    expect(
      (await ada.api.projects({ uuid: p.uuid }).put({ status: 'archived' })).data!,
    ).toMatchObject({
      name: 'Apollo',
      status: 'archived',
    })
    expect(
      (await ada.api.projects({ uuid: p.uuid }).put({ name: 'Apollo 2' })).data!,
    ).toMatchObject({
      name: 'Apollo 2',
      status: 'archived',
    })
    expect((await ada.api.projects({ uuid: p.uuid }).put({ name: ' ' })).error?.value).toEqual({
      error: 'Project name is required',
    })
  })

  test('counts come from report items and standalone entries', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.api.users.me.get()).data!.id
    const p = (await ada.api.projects.post({ name: 'Apollo' })).data!
    await seedItems(ctx, userId, '2026-11-16', [
      { project_id: p.id, item_type: 'task', content: 'Ship it' },
      { project_id: p.id, item_type: 'followup', content: 'Ask legal' },
      { project_id: null, item_type: 'task', content: 'Untagged' },
    ])
    await seedItems(ctx, userId, '2026-11-09', [
      { project_id: p.id, item_type: 'standard', content: 'Note' },
    ])
    const m = (await ada.api['team-members'].post({ name: 'Bo', email: 'bo@example.com' })).data!
    await ada.api['team-members']({ uuid: m.uuid })['talking-points'].post({
      content: 'Budget',
      project_id: p.id,
    })
    await ada.api['team-members']({ uuid: m.uuid }).tasks.post({
      content: 'Plan',
      project_id: p.id,
    })
    const [row] = (await ada.api.projects.get()).data!
    expect(row).toMatchObject({
      total_references: 5,
      task_count: 2,
      followup_count: 1,
      reports_count: 2,
    })
  })

  test('the timeline lists tagged items, newest week first; analytics count 30 days', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.api.users.me.get()).data!.id
    const p = (await ada.api.projects.post({ name: 'Apollo' })).data!
    await seedItems(ctx, userId, '2026-11-02', [
      { project_id: p.id, item_type: 'task', content: 'Older' },
    ])
    const newer = await seedItems(ctx, userId, '2026-11-16', [
      { project_id: p.id, item_type: 'standard', content: 'Newer' },
    ])
    const updates = (await ada.api.projects({ uuid: p.uuid }).updates.get()).data!
    expect(updates.map((u: { content: string }) => u.content)).toEqual(['Newer', 'Older'])
    expect(updates[0]).toMatchObject({
      week_start_date: '2026-11-16',
      report_title: 'Week 2026-11-16',
      report_id: newer.id,
      section_type: 'tasks',
      section_name: 'Updates',
      item_type: 'standard',
      is_completed: false,
    })
    const analytics = (await ada.api.projects.analytics.get()).data!
    expect(analytics).toEqual({
      total_active_projects: 1,
      total_recent_activity: 2,
      total_tasks_last_30_days: 1,
    })
  })

  test('delete: plain when unreferenced, 409 when referenced, moved with a destination', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.api.users.me.get()).data!.id
    const empty = (await ada.api.projects.post({ name: 'Empty' })).data!
    expect((await ada.api.projects({ uuid: empty.uuid }).delete()).status).toBe(200)
    const a = (await ada.api.projects.post({ name: 'A' })).data!
    const b = (await ada.api.projects.post({ name: 'B' })).data!
    await seedItems(ctx, userId, '2026-11-16', [
      { project_id: a.id, item_type: 'task', content: 'one' },
      { project_id: a.id, item_type: 'task', content: 'two' },
    ])
    const refused = await ada.api.projects({ uuid: a.uuid }).delete()
    expect(refused.status).toBe(409)
    expect((await ada.api.projects.get()).data!).toHaveLength(2)
    const moved = await ada.api.projects({ uuid: a.uuid }).delete({ move_to_project_id: b.id })
    expect(moved.status).toBe(200)
    expect(moved.data!.remappedItems).toBe(2)
    expect(moved.data!.message).toContain('B')
    expect((await ada.api.projects.get()).data![0]).toMatchObject({
      name: 'B',
      total_references: 2,
    })
    const general = await ada.api.projects({ uuid: b.uuid }).delete({ move_to_project_id: null })
    expect(general.data!.remappedItems).toBe(2)
    expect((await ctx.db.orm.select().from(sectionItems)).map((i) => i.project_id)).toEqual([
      null,
      null,
    ])
  })

  test('a malformed or mistyped delete body is a 400 and deletes nothing', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const p = (await ada.api.projects.post({ name: 'Keep' })).data!
    const malformed = await ada.request('DELETE', `/api/projects/${p.uuid}`, '{"move_to', {
      'content-type': 'application/json',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json.error).toBeString()
    const mistyped = await ada.delete(`/api/projects/${p.uuid}`, { move_to_project_id: 'x' })
    expect(mistyped.status).toBe(400)
    const elsewhere = await ada.api.projects({ uuid: p.uuid }).delete({ move_to_project_id: 999 })
    expect(elsewhere.status).toBe(404)
    expect((await ada.api.projects.get()).data!).toHaveLength(1)
  })

  test('combine puts every reference on one project with the new name', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.api.users.me.get()).data!.id
    const a = (await ada.api.projects.post({ name: 'A' })).data!
    const b = (await ada.api.projects.post({ name: 'B', status: 'archived' })).data!
    await seedItems(ctx, userId, '2026-11-16', [
      { project_id: a.id, item_type: 'task', content: 'one' },
      { project_id: b.id, item_type: 'followup', content: 'two' },
    ])
    const few = await ada.api.projects.combine.post({
      projectUuids: [a.uuid],
      newProjectName: 'AB',
    })
    expect(few.status).toBe(400)
    expect(few.error?.value).toEqual({ error: 'Please select at least 2 projects to combine' })
    const blank = await ada.api.projects.combine.post({
      projectUuids: [a.uuid, b.uuid],
      newProjectName: ' ',
    })
    expect(blank.status).toBe(400)
    const res = await ada.api.projects.combine.post({
      projectUuids: [a.uuid, b.uuid],
      newProjectName: 'AB',
    })
    expect(res.status).toBe(200)
    expect(res.data!.message).toBeString()
    const list = (await ada.api.projects.get()).data!
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ name: 'AB', status: 'active', total_references: 2 })
    expect(await ctx.db.orm.select().from(sectionItems)).toHaveLength(2)
  })

  test("another user's project is invisible and untouchable", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const p = (await ada.api.projects.post({ name: 'Secret' })).data!
    const mine = (await bob.api.projects.post({ name: 'Mine' })).data!
    expect((await bob.api.projects.get()).data!.map((x: { name: string }) => x.name)).toEqual([
      'Mine',
    ])
    expect((await bob.api.projects({ uuid: p.uuid }).get()).status).toBe(404)
    expect((await bob.api.projects({ uuid: p.uuid }).updates.get()).status).toBe(404)
    expect((await bob.api.projects({ uuid: p.uuid }).put({ name: 'Hacked' })).status).toBe(404)
    expect((await bob.api.projects({ uuid: p.uuid }).delete()).status).toBe(404)
    const combine = await bob.api.projects.combine.post({
      projectUuids: [p.uuid, mine.uuid],
      newProjectName: 'X',
    })
    expect(combine.status).toBe(404)
    const move = await bob.api.projects({ uuid: mine.uuid }).delete({ move_to_project_id: p.id })
    expect(move.status).toBe(404)
    expect((await bob.api.projects.analytics.get()).data!.total_active_projects).toBe(1)
    expect((await ada.api.projects({ uuid: p.uuid }).get()).data!.name).toBe('Secret')
    expect((await makeClient(app).api.projects.get()).status).toBe(401)
  })
})
