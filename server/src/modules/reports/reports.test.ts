import { describe, expect, test } from 'bun:test'
import { reportSections, sectionItems } from '../../db/schema'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

async function withTemplates() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  return { ...ctx, ada }
}

describe('reports', () => {
  test('creating a report copies the section templates in order', async () => {
    const { ada } = await withTemplates()
    const res = await ada.api.reports.post({
      week_start_date: '2026-11-16',
      title: ' Week 47 ',
    })
    expect(res.status).toBe(200)
    expect(res.data!).toMatchObject({
      week_start_date: '2026-11-16',
      title: 'Week 47',
      summary: null,
      is_submitted: false,
      sent_date: null,
    })
    expect(res.data!.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(
      res.data!.sections.map((s: { section_name: string; section_type: string }) => [
        s.section_name,
        s.section_type,
      ]),
    ).toEqual([
      ['Highlights', 'standard'],
      ['Action Items', 'tasks'],
      ['Follow-ups', 'followups'],
    ])
    expect(res.data!.sections[0].section_template_id).toBeNumber()
    const got = await ada.api.reports({ uuid: res.data!.uuid }).get()
    expect(got.data!.sections[1].items).toEqual([])
  })

  test('a second report for the same week is a 409 carrying the existing uuid', async () => {
    const { ada } = await withTemplates()
    const first = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const again = await ada.api.reports.post({ week_start_date: '2026-11-16' })
    expect(again.status).toBe(409)
    expect(again.error?.value).toEqual({
      error: 'Report already exists for this week',
      uuid: first.uuid,
    })
    expect((await ada.api.reports.get()).data!).toHaveLength(1)
  })

  test('week_start_date is required and must be a real date', async () => {
    const { ada } = await withTemplates()
    for (const body of [{}, { week_start_date: 'soon' }, { week_start_date: '2026-02-30' }]) {
      // Bodies the types refuse go by path.
      const res = await ada.post('/api/reports', body)
      expect(res.status).toBe(400)
      expect(res.json.error).toContain('week_start_date')
    }
  })

  test('status: Send sets today, Mark as Sent keeps the chosen date, back to Draft clears it', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const sent = await ada.api.reports({ uuid: r.uuid }).put({ is_submitted: true })
    expect(sent.data!).toMatchObject({ is_submitted: true, sent_date: isoDate() })
    const marked = await ada.api.reports({ uuid: r.uuid }).put({
      is_submitted: true,
      sent_date: '2026-11-20',
    })
    expect(marked.data!.sent_date).toBe('2026-11-20')
    const title = await ada.api.reports({ uuid: r.uuid }).put({ title: 'New' })
    expect(title.data!).toMatchObject({ title: 'New', is_submitted: true, sent_date: '2026-11-20' })
    const draft = await ada.api.reports({ uuid: r.uuid }).put({ is_submitted: false })
    expect(draft.data!).toMatchObject({ is_submitted: false, sent_date: null, title: 'New' })
  })

  test('delete removes the report with its sections and items', async () => {
    const { ada, db } = await withTemplates()
    const r = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await ada.api['section-items'].post({ section_id: r.sections[1].id, content: 'Ship' })
    const res = await ada.api.reports({ uuid: r.uuid }).delete()
    expect(res.data!.message).toBe('Report and all related content deleted successfully')
    expect((await ada.api.reports({ uuid: r.uuid }).get()).status).toBe(404)
    expect(await db.orm.select().from(reportSections)).toHaveLength(0)
    expect(await db.orm.select().from(sectionItems)).toHaveLength(0)
  })

  test('section content can be set and cleared', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const res = await ada.api['report-sections']({ id: r.sections[1].id }).put({
      content: 'Context for the board',
    })
    expect(res.data!.content).toBe('Context for the board')
    expect(
      (await ada.api['report-sections']({ id: r.sections[1].id }).put({ content: null })).data!
        .content,
    ).toBeNull()
  })
})

describe('section items', () => {
  test('item_type defaults from the section type; content is required', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const [std, tasks, follow] = r.sections
    expect(
      (await ada.api['section-items'].post({ section_id: std.id, content: 'Note' })).data!
        .item_type,
    ).toBe('standard')
    expect(
      (await ada.api['section-items'].post({ section_id: tasks.id, content: 'Do' })).data!
        .item_type,
    ).toBe('task')
    expect(
      (await ada.api['section-items'].post({ section_id: follow.id, content: 'Ask' })).data!
        .item_type,
    ).toBe('followup')
    const empty = await ada.api['section-items'].post({ section_id: tasks.id, content: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.error?.value).toEqual({ error: 'Content is required' })
    const long = await ada.api['section-items'].post({
      section_id: tasks.id,
      content: 'x'.repeat(10_001),
    })
    expect(long.status).toBe(400)
    expect(long.error?.value).toEqual({ error: 'Content must be at most 10,000 characters' })
  })

  test('items carry a project and an assignee, toggle completion and can be deleted', async () => {
    const { ada } = await withTemplates()
    const r = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const p = (await ada.api.projects.post({ name: 'Apollo' })).data!
    const m = (await ada.api['team-members'].post({ name: 'Bo', email: 'bo@example.com' })).data!
    const item = (
      await ada.api['section-items'].post({
        section_id: r.sections[1].id,
        content: 'Launch',
        project_id: p.id,
        assigned_to_team_member_id: m.id,
      })
    ).data!
    expect(item).toMatchObject({
      project_id: p.id,
      assigned_to_team_member_id: m.id,
      is_completed: false,
    })
    expect(item.created_at).toBeString()
    const done = await ada.api['section-items']({ id: item.id }).put({ is_completed: true })
    expect(done.data!.is_completed).toBe(true)
    const moved = await ada.api['section-items']({ id: item.id }).put({
      project_id: null,
      assigned_to_team_member_id: null,
    })
    expect(moved.data!).toMatchObject({
      project_id: null,
      assigned_to_team_member_id: null,
      content: 'Launch',
    })
    const report = (await ada.api.reports({ uuid: r.uuid }).get()).data!
    expect(report.sections[1].items).toHaveLength(1)
    expect((await ada.api['section-items']({ id: item.id }).delete()).data!.message).toBe(
      'Item deleted successfully',
    )
  })
})

describe('dashboard', () => {
  test('this week, open tasks and follow-ups with their report, recent reports at most 5', async () => {
    const { ada } = await withTemplates()
    const thisWeek = weekStart(isoDate(), 'monday')
    const current = (await ada.api.reports.post({ week_start_date: thisWeek, title: 'Now' })).data!
    for (const week of ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02']) {
      await ada.api.reports.post({ week_start_date: week })
    }
    await ada.api['section-items'].post({
      section_id: current.sections[1].id,
      content: 'Open task',
    })
    const done = (
      await ada.api['section-items'].post({ section_id: current.sections[1].id, content: 'Done' })
    ).data!
    await ada.api['section-items']({ id: done.id }).put({ is_completed: true })
    await ada.api['section-items'].post({
      section_id: current.sections[2].id,
      content: 'Open follow-up',
    })
    const dash = (await ada.api.dashboard.get()).data!
    expect(dash.currentWeekReport?.uuid).toBe(current.uuid)
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
    await ada.api.reports.post({ week_start_date: '2020-01-06' })
    expect((await ada.api.dashboard.get()).data!.currentWeekReport).toBeNull()
  })
})

describe('isolation of reports and items', () => {
  test('another user can neither see nor change a report, its sections or items', async () => {
    const { app, ada } = await withTemplates()
    const bob = await signIn(app, 'bob@example.com')
    const r = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const item = (
      await ada.api['section-items'].post({ section_id: r.sections[1].id, content: 'Secret' })
    ).data!
    expect((await bob.api.reports.get()).data!).toEqual([])
    expect((await bob.api.reports({ uuid: r.uuid }).get()).status).toBe(404)
    expect((await bob.api.reports({ uuid: r.uuid }).put({ title: 'x' })).status).toBe(404)
    expect((await bob.api.reports({ uuid: r.uuid }).delete()).status).toBe(404)
    expect(
      (await bob.api['report-sections']({ id: r.sections[0].id }).put({ content: 'x' })).status,
    ).toBe(404)
    expect(
      (await bob.api['section-items'].post({ section_id: r.sections[1].id, content: 'x' })).status,
    ).toBe(404)
    expect(
      (await bob.api['section-items']({ id: item.id }).put({ is_completed: true })).status,
    ).toBe(404)
    expect((await bob.api['section-items']({ id: item.id }).delete()).status).toBe(404)
    const dash = (await bob.api.dashboard.get()).data!
    expect(dash.activeTasks).toEqual([])
    expect(dash.recentReports).toEqual([])
    // Ada cannot point her item at Bob's project or member.
    const bp = (await bob.api.projects.post({ name: 'B' })).data!
    const bm = (await bob.api['team-members'].post({ name: 'B', email: 'b@example.com' })).data!
    expect(
      (await ada.api['section-items']({ id: item.id }).put({ project_id: bp.id })).status,
    ).toBe(404)
    expect(
      (await ada.api['section-items']({ id: item.id }).put({ assigned_to_team_member_id: bm.id }))
        .status,
    ).toBe(404)
    expect(
      (await ada.api.reports({ uuid: r.uuid }).get()).data!.sections[1].items[0],
    ).toMatchObject({
      content: 'Secret',
      project_id: null,
      is_completed: false,
    })
    for (const path of ['/api/reports', '/api/dashboard']) {
      expect((await makeClient(app).get(path)).status).toBe(401)
    }
  })
})
