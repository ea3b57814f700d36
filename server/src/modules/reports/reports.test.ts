import { describe, expect, test } from 'bun:test'
import { reportSections, sectionItems } from '../../db/schema'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

async function withTemplates() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.post('/api/section-templates', { name: 'Highlights', type: 'standard' })
  await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
  await ada.post('/api/section-templates', { name: 'Follow-ups', type: 'followups' })
  return { ...ctx, ada }
}

describe('reports', () => {
  test('creating a report copies the section templates in order', async () => {
    const { ada } = await withTemplates()
    const res = await ada.post('/api/reports', {
      week_start_date: '2026-11-16',
      title: ' Week 47 ',
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      week_start_date: '2026-11-16',
      title: 'Week 47',
      summary: null,
      is_submitted: false,
      sent_date: null,
    })
    expect(res.json.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(
      res.json.sections.map((s: { section_name: string; section_type: string }) => [
        s.section_name,
        s.section_type,
      ]),
    ).toEqual([
      ['Highlights', 'standard'],
      ['Action Items', 'tasks'],
      ['Follow-ups', 'followups'],
    ])
    expect(res.json.sections[0].section_template_id).toBeNumber()
    const got = await ada.get(`/api/reports/${res.json.uuid}`)
    expect(got.json.sections[1].items).toEqual([])
  })

  test('a second report for the same week is a 409 carrying the existing uuid', async () => {
    const { ada } = await withTemplates()
    const first = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const again = await ada.post('/api/reports', { week_start_date: '2026-11-16' })
    expect(again.status).toBe(409)
    expect(again.json).toEqual({ error: 'Report already exists for this week', uuid: first.uuid })
    expect((await ada.get('/api/reports')).json).toHaveLength(1)
  })

  test('week_start_date is required and must be a real date', async () => {
    const { ada } = await withTemplates()
    for (const body of [{}, { week_start_date: 'soon' }, { week_start_date: '2026-02-30' }]) {
      const res = await ada.post('/api/reports', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toContain('week_start_date')
    }
  })

  test('status: Send sets today, Mark as Sent keeps the chosen date, back to Draft clears it', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const sent = await ada.put(`/api/reports/${r.uuid}`, { is_submitted: true })
    expect(sent.json).toMatchObject({ is_submitted: true, sent_date: isoDate() })
    const marked = await ada.put(`/api/reports/${r.uuid}`, {
      is_submitted: true,
      sent_date: '2026-11-20',
    })
    expect(marked.json.sent_date).toBe('2026-11-20')
    const title = await ada.put(`/api/reports/${r.uuid}`, { title: 'New' })
    expect(title.json).toMatchObject({ title: 'New', is_submitted: true, sent_date: '2026-11-20' })
    const draft = await ada.put(`/api/reports/${r.uuid}`, { is_submitted: false })
    expect(draft.json).toMatchObject({ is_submitted: false, sent_date: null, title: 'New' })
  })

  test('delete removes the report with its sections and items', async () => {
    const { ada, db } = await withTemplates()
    const r = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    await ada.post('/api/section-items', { section_id: r.sections[1].id, content: 'Ship' })
    const res = await ada.delete(`/api/reports/${r.uuid}`)
    expect(res.json.message).toBe('Report and all related content deleted successfully')
    expect((await ada.get(`/api/reports/${r.uuid}`)).status).toBe(404)
    expect(await db.orm.select().from(reportSections)).toHaveLength(0)
    expect(await db.orm.select().from(sectionItems)).toHaveLength(0)
  })

  test('section content can be set and cleared', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const res = await ada.put(`/api/report-sections/${r.sections[1].id}`, {
      content: 'Context for the board',
    })
    expect(res.json.content).toBe('Context for the board')
    expect(
      (await ada.put(`/api/report-sections/${r.sections[1].id}`, { content: null })).json.content,
    ).toBeNull()
  })
})

describe('section items', () => {
  test('item_type defaults from the section type; content is required', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const [std, tasks, follow] = r.sections
    expect(
      (await ada.post('/api/section-items', { section_id: std.id, content: 'Note' })).json
        .item_type,
    ).toBe('standard')
    expect(
      (await ada.post('/api/section-items', { section_id: tasks.id, content: 'Do' })).json
        .item_type,
    ).toBe('task')
    expect(
      (await ada.post('/api/section-items', { section_id: follow.id, content: 'Ask' })).json
        .item_type,
    ).toBe('followup')
    const empty = await ada.post('/api/section-items', { section_id: tasks.id, content: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.json.error).toBe('Content is required')
    const long = await ada.post('/api/section-items', {
      section_id: tasks.id,
      content: 'x'.repeat(10_001),
    })
    expect(long.status).toBe(400)
    expect(long.json.error).toBe('Content must be at most 10,000 characters')
  })

  test('items carry a project and an assignee, toggle completion and can be deleted', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const p = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const m = (await ada.post('/api/team-members', { name: 'Bo', email: 'bo@example.com' })).json
    const item = (
      await ada.post('/api/section-items', {
        section_id: r.sections[1].id,
        content: 'Launch',
        project_id: p.id,
        assigned_to_team_member_id: m.id,
      })
    ).json
    expect(item).toMatchObject({
      project_id: p.id,
      assigned_to_team_member_id: m.id,
      is_completed: false,
    })
    expect(item.created_at).toBeString()
    const done = await ada.put(`/api/section-items/${item.id}`, { is_completed: true })
    expect(done.json.is_completed).toBe(true)
    const moved = await ada.put(`/api/section-items/${item.id}`, {
      project_id: null,
      assigned_to_team_member_id: null,
    })
    expect(moved.json).toMatchObject({
      project_id: null,
      assigned_to_team_member_id: null,
      content: 'Launch',
    })
    const report = (await ada.get(`/api/reports/${r.uuid}`)).json
    expect(report.sections[1].items).toHaveLength(1)
    expect((await ada.delete(`/api/section-items/${item.id}`)).json.message).toBe(
      'Item deleted successfully',
    )
  })
})

describe('dashboard', () => {
  test('this week, open tasks and follow-ups with their report, recent reports at most 5', async () => {
    const { ada } = await withTemplates()
    const thisWeek = weekStart(isoDate(), 'monday')
    const current = (await ada.post('/api/reports', { week_start_date: thisWeek, title: 'Now' }))
      .json
    for (const week of ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02']) {
      await ada.post('/api/reports', { week_start_date: week })
    }
    await ada.post('/api/section-items', {
      section_id: current.sections[1].id,
      content: 'Open task',
    })
    const done = (
      await ada.post('/api/section-items', { section_id: current.sections[1].id, content: 'Done' })
    ).json
    await ada.put(`/api/section-items/${done.id}`, { is_completed: true })
    await ada.post('/api/section-items', {
      section_id: current.sections[2].id,
      content: 'Open follow-up',
    })
    const dash = (await ada.get('/api/dashboard')).json
    expect(dash.currentWeekReport.uuid).toBe(current.uuid)
    expect(dash.activeTasks.map((t: { content: string }) => t.content)).toEqual(['Open task'])
    expect(dash.activeTasks[0]).toMatchObject({
      report_title: 'Now',
      report_week_start_date: thisWeek,
      report_uuid: current.uuid,
    })
    expect(dash.activeFollowups).toHaveLength(1)
    expect(dash.recentReports).toHaveLength(5)
    expect(dash.recentReports[0].uuid).toBe(current.uuid)
  })

  test('no report this week gives a null current report', async () => {
    const { ada } = await withTemplates()
    await ada.post('/api/reports', { week_start_date: '2020-01-06' })
    expect((await ada.get('/api/dashboard')).json.currentWeekReport).toBeNull()
  })
})

describe('isolation of reports and items', () => {
  test('another user can neither see nor change a report, its sections or items', async () => {
    const { app, ada } = await withTemplates()
    const bob = await signIn(app, 'bob@example.com')
    const r = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const item = (
      await ada.post('/api/section-items', { section_id: r.sections[1].id, content: 'Secret' })
    ).json
    expect((await bob.get('/api/reports')).json).toEqual([])
    expect((await bob.get(`/api/reports/${r.uuid}`)).status).toBe(404)
    expect((await bob.put(`/api/reports/${r.uuid}`, { title: 'x' })).status).toBe(404)
    expect((await bob.delete(`/api/reports/${r.uuid}`)).status).toBe(404)
    expect(
      (await bob.put(`/api/report-sections/${r.sections[0].id}`, { content: 'x' })).status,
    ).toBe(404)
    expect(
      (await bob.post('/api/section-items', { section_id: r.sections[1].id, content: 'x' })).status,
    ).toBe(404)
    expect((await bob.put(`/api/section-items/${item.id}`, { is_completed: true })).status).toBe(
      404,
    )
    expect((await bob.delete(`/api/section-items/${item.id}`)).status).toBe(404)
    const dash = (await bob.get('/api/dashboard')).json
    expect(dash.activeTasks).toEqual([])
    expect(dash.recentReports).toEqual([])
    // Ada cannot point her item at Bob's project or member.
    const bp = (await bob.post('/api/projects', { name: 'B' })).json
    const bm = (await bob.post('/api/team-members', { name: 'B', email: 'b@example.com' })).json
    expect((await ada.put(`/api/section-items/${item.id}`, { project_id: bp.id })).status).toBe(404)
    expect(
      (await ada.put(`/api/section-items/${item.id}`, { assigned_to_team_member_id: bm.id }))
        .status,
    ).toBe(404)
    expect((await ada.get(`/api/reports/${r.uuid}`)).json.sections[1].items[0]).toMatchObject({
      content: 'Secret',
      project_id: null,
      is_completed: false,
    })
    for (const path of ['/api/reports', '/api/dashboard']) {
      expect((await makeClient(app).get(path)).status).toBe(401)
    }
  })
})
