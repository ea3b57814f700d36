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
    const res = await ada.post('/api/projects', { name: '  Zeus  ' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      name: 'Zeus',
      status: 'active',
    })
    await ada.post('/api/projects', { name: 'Apollo', status: 'archived' })
    const list = await ada.get('/api/projects')
    expect(list.json.map((p: { name: string }) => p.name)).toEqual(['Apollo', 'Zeus'])
    expect(list.json[0]).toMatchObject({
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
      const res = await ada.post('/api/projects', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toBe('Project name is required')
    }
    const long = await ada.post('/api/projects', { name: 'x'.repeat(256) })
    expect(long.status).toBe(400)
    expect(long.json.error).toBe('Project name must be at most 255 characters')
    expect((await ada.post('/api/projects', { name: 'x'.repeat(255) })).status).toBe(200)
    expect((await ada.post('/api/projects', { name: 'Ok', status: 'paused' })).status).toBe(400)
  })

  test('PUT changes the status alone or the name alone', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const p = (await ada.post('/api/projects', { name: 'Apollo' })).json
    expect((await ada.put(`/api/projects/${p.uuid}`, { status: 'archived' })).json).toMatchObject({
      name: 'Apollo',
      status: 'archived',
    })
    expect((await ada.put(`/api/projects/${p.uuid}`, { name: 'Apollo 2' })).json).toMatchObject({
      name: 'Apollo 2',
      status: 'archived',
    })
    expect((await ada.put(`/api/projects/${p.uuid}`, { name: ' ' })).json.error).toBe(
      'Project name is required',
    )
  })

  test('counts come from report items and standalone entries', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.get('/api/users/me')).json.id
    const p = (await ada.post('/api/projects', { name: 'Apollo' })).json
    await seedItems(ctx, userId, '2026-11-16', [
      { project_id: p.id, item_type: 'task', content: 'Ship it' },
      { project_id: p.id, item_type: 'followup', content: 'Ask legal' },
      { project_id: null, item_type: 'task', content: 'Untagged' },
    ])
    await seedItems(ctx, userId, '2026-11-09', [
      { project_id: p.id, item_type: 'standard', content: 'Note' },
    ])
    const m = (await ada.post('/api/team-members', { name: 'Bo', email: 'bo@example.com' })).json
    await ada.post(`/api/team-members/${m.uuid}/talking-points`, {
      content: 'Budget',
      project_id: p.id,
    })
    await ada.post(`/api/team-members/${m.uuid}/tasks`, { content: 'Plan', project_id: p.id })
    const [row] = (await ada.get('/api/projects')).json
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
    const userId = (await ada.get('/api/users/me')).json.id
    const p = (await ada.post('/api/projects', { name: 'Apollo' })).json
    await seedItems(ctx, userId, '2026-11-02', [
      { project_id: p.id, item_type: 'task', content: 'Older' },
    ])
    const newer = await seedItems(ctx, userId, '2026-11-16', [
      { project_id: p.id, item_type: 'standard', content: 'Newer' },
    ])
    const updates = (await ada.get(`/api/projects/${p.uuid}/updates`)).json
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
    const analytics = (await ada.get('/api/projects/analytics')).json
    expect(analytics).toEqual({
      total_active_projects: 1,
      total_recent_activity: 2,
      total_tasks_last_30_days: 1,
    })
  })

  test('delete: plain when unreferenced, 409 when referenced, moved with a destination', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.get('/api/users/me')).json.id
    const empty = (await ada.post('/api/projects', { name: 'Empty' })).json
    expect((await ada.delete(`/api/projects/${empty.uuid}`)).status).toBe(200)
    const a = (await ada.post('/api/projects', { name: 'A' })).json
    const b = (await ada.post('/api/projects', { name: 'B' })).json
    await seedItems(ctx, userId, '2026-11-16', [
      { project_id: a.id, item_type: 'task', content: 'one' },
      { project_id: a.id, item_type: 'task', content: 'two' },
    ])
    const refused = await ada.delete(`/api/projects/${a.uuid}`)
    expect(refused.status).toBe(409)
    expect((await ada.get('/api/projects')).json).toHaveLength(2)
    const moved = await ada.delete(`/api/projects/${a.uuid}`, { move_to_project_id: b.id })
    expect(moved.status).toBe(200)
    expect(moved.json.remappedItems).toBe(2)
    expect(moved.json.message).toContain('B')
    expect((await ada.get('/api/projects')).json[0]).toMatchObject({
      name: 'B',
      total_references: 2,
    })
    const general = await ada.delete(`/api/projects/${b.uuid}`, { move_to_project_id: null })
    expect(general.json.remappedItems).toBe(2)
    expect((await ctx.db.orm.select().from(sectionItems)).map((i) => i.project_id)).toEqual([
      null,
      null,
    ])
  })

  test('a malformed or mistyped delete body is a 400 and deletes nothing', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const p = (await ada.post('/api/projects', { name: 'Keep' })).json
    const malformed = await ada.request('DELETE', `/api/projects/${p.uuid}`, '{"move_to', {
      'content-type': 'application/json',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json.error).toBeString()
    const mistyped = await ada.delete(`/api/projects/${p.uuid}`, { move_to_project_id: 'x' })
    expect(mistyped.status).toBe(400)
    const elsewhere = await ada.delete(`/api/projects/${p.uuid}`, { move_to_project_id: 999 })
    expect(elsewhere.status).toBe(404)
    expect((await ada.get('/api/projects')).json).toHaveLength(1)
  })

  test('combine puts every reference on one project with the new name', async () => {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const userId = (await ada.get('/api/users/me')).json.id
    const a = (await ada.post('/api/projects', { name: 'A' })).json
    const b = (await ada.post('/api/projects', { name: 'B', status: 'archived' })).json
    await seedItems(ctx, userId, '2026-11-16', [
      { project_id: a.id, item_type: 'task', content: 'one' },
      { project_id: b.id, item_type: 'followup', content: 'two' },
    ])
    const few = await ada.post('/api/projects/combine', {
      projectUuids: [a.uuid],
      newProjectName: 'AB',
    })
    expect(few.status).toBe(400)
    expect(few.json.error).toBe('Please select at least 2 projects to combine')
    const blank = await ada.post('/api/projects/combine', {
      projectUuids: [a.uuid, b.uuid],
      newProjectName: ' ',
    })
    expect(blank.status).toBe(400)
    const res = await ada.post('/api/projects/combine', {
      projectUuids: [a.uuid, b.uuid],
      newProjectName: 'AB',
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBeString()
    const list = (await ada.get('/api/projects')).json
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ name: 'AB', status: 'active', total_references: 2 })
    expect(await ctx.db.orm.select().from(sectionItems)).toHaveLength(2)
  })

  test("another user's project is invisible and untouchable", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const p = (await ada.post('/api/projects', { name: 'Secret' })).json
    const mine = (await bob.post('/api/projects', { name: 'Mine' })).json
    expect((await bob.get('/api/projects')).json.map((x: { name: string }) => x.name)).toEqual([
      'Mine',
    ])
    expect((await bob.get(`/api/projects/${p.uuid}`)).status).toBe(404)
    expect((await bob.get(`/api/projects/${p.uuid}/updates`)).status).toBe(404)
    expect((await bob.put(`/api/projects/${p.uuid}`, { name: 'Hacked' })).status).toBe(404)
    expect((await bob.delete(`/api/projects/${p.uuid}`)).status).toBe(404)
    const combine = await bob.post('/api/projects/combine', {
      projectUuids: [p.uuid, mine.uuid],
      newProjectName: 'X',
    })
    expect(combine.status).toBe(404)
    const move = await bob.delete(`/api/projects/${mine.uuid}`, { move_to_project_id: p.id })
    expect(move.status).toBe(404)
    expect((await bob.get('/api/projects/analytics')).json.total_active_projects).toBe(1)
    expect((await ada.get(`/api/projects/${p.uuid}`)).json.name).toBe('Secret')
    expect((await makeClient(app).get('/api/projects')).status).toBe(401)
  })
})
