// The project counts of GET /api/projects are kept by the database (`project_counts`, triggers in
// src/db/{sqlite,pg}/features/project-counts.sql; issue 45). Every kind of write that adds, moves,
// retags, retypes or removes an item is made here in turn, and after each the maintained counts are
// held to the query they replaced, recomputed from scratch over every item (the oracle below).
import { describe, expect } from 'bun:test'
import type { ProjectWithCounts, ReportDetail } from '@cadence/contract'
import { eq, sql } from 'drizzle-orm'
import { projects, reportSections, sectionItems, users } from '../../db/schema'
import { addDays } from '../../lib/weeks'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { test, thisWeek } from '../../test/today'
import { projectPortfolio } from './portfolio'

type Ctx = Awaited<ReturnType<typeof createTestApp>>
const week = (n: number) => addDays(thisWeek(), 7 * n)

type Counts = Pick<
  ProjectWithCounts,
  'id' | 'total_references' | 'task_count' | 'followup_count' | 'reports_count'
>

/** The query GET /api/projects ran before the counts were kept (as of 01fbae4): every item read. */
const oracle = (userId: number) => sql`
SELECT p.id,
  CAST(COALESCE(si.refs, 0) + COALESCE(tp.c, 0) + COALESCE(mt.c, 0) + COALESCE(mf.c, 0) AS INTEGER) AS total_references,
  CAST(COALESCE(si.tasks, 0) + COALESCE(mt.c, 0) AS INTEGER) AS task_count,
  CAST(COALESCE(si.followups, 0) + COALESCE(mf.c, 0) AS INTEGER) AS followup_count,
  CAST(COALESCE(si.reports, 0) AS INTEGER) AS reports_count
FROM projects p
LEFT JOIN (
  SELECT i.project_id, COUNT(*) AS refs,
    SUM(CASE WHEN i.item_type = 'task' THEN 1 ELSE 0 END) AS tasks,
    SUM(CASE WHEN i.item_type = 'followup' THEN 1 ELSE 0 END) AS followups,
    COUNT(DISTINCT s.report_id) AS reports
  FROM section_items i JOIN report_sections s ON s.id = i.section_id
  WHERE i.user_id = ${userId} AND i.project_id IS NOT NULL GROUP BY i.project_id
) si ON si.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM talking_points WHERE user_id = ${userId} GROUP BY project_id) tp ON tp.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_tasks WHERE user_id = ${userId} GROUP BY project_id) mt ON mt.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_followups WHERE user_id = ${userId} GROUP BY project_id) mf ON mf.project_id = p.id
WHERE p.user_id = ${userId}
ORDER BY p.id`

const pick = (r: Counts): Counts => ({
  id: Number(r.id),
  total_references: Number(r.total_references),
  task_count: Number(r.task_count),
  followup_count: Number(r.followup_count),
  reports_count: Number(r.reports_count),
})

/**
 * The maintained counts equal the oracle's for every user, and the tables behind them equal a
 * recount from the items (no row left over, none missing; a total left at zero is allowed).
 */
async function expectExact(ctx: Ctx, step: string) {
  const { db } = ctx
  for (const { id } of await db.orm.select({ id: users.id }).from(users)) {
    const kept = (await db.q.projects.withCounts(id)).map(pick).sort((a, b) => a.id - b.id)
    const recomputed = (await db.rows<Counts>(oracle(id))).map(pick)
    expect(kept, `${step}: user ${id}`).toEqual(recomputed)
  }
  const sections = await db.rows<Record<string, number>>(sql`
    SELECT c.user_id, c.project_id, c.section_id, c.report_id, c.items, c.tasks, c.followups
    FROM project_section_counts c ORDER BY 1, 2, 3`)
  const sectionsRecount = await db.rows<Record<string, number>>(sql`
    SELECT i.user_id, i.project_id, i.section_id, s.report_id, CAST(COUNT(*) AS INTEGER) AS items,
      CAST(SUM(CASE WHEN i.item_type = 'task' THEN 1 ELSE 0 END) AS INTEGER) AS tasks,
      CAST(SUM(CASE WHEN i.item_type = 'followup' THEN 1 ELSE 0 END) AS INTEGER) AS followups
    FROM section_items i JOIN report_sections s ON s.id = i.section_id
    WHERE i.project_id IS NOT NULL GROUP BY i.user_id, i.project_id, i.section_id, s.report_id
    ORDER BY 1, 2, 3`)
  expect(sections.map(numbers), `${step}: project_section_counts`).toEqual(
    sectionsRecount.map(numbers),
  )
  const totals = await db.rows<Record<string, number>>(sql`
    SELECT user_id, project_id, refs, tasks, followups, reports FROM project_counts
    WHERE refs <> 0 OR tasks <> 0 OR followups <> 0 OR reports <> 0 ORDER BY 1, 2`)
  const totalsRecount = await db.rows<Record<string, number>>(sql`
    SELECT i.user_id, i.project_id, CAST(COUNT(*) AS INTEGER) AS refs,
      CAST(SUM(CASE WHEN i.item_type = 'task' THEN 1 ELSE 0 END) AS INTEGER) AS tasks,
      CAST(SUM(CASE WHEN i.item_type = 'followup' THEN 1 ELSE 0 END) AS INTEGER) AS followups,
      CAST(COUNT(DISTINCT s.report_id) AS INTEGER) AS reports
    FROM section_items i JOIN report_sections s ON s.id = i.section_id
    WHERE i.project_id IS NOT NULL GROUP BY i.user_id, i.project_id ORDER BY 1, 2`)
  expect(totals.map(numbers), `${step}: project_counts`).toEqual(totalsRecount.map(numbers))
  const reportRows = await db.rows<Record<string, unknown>>(sql`
    SELECT user_id, project_id, report_id, sections, week_start_date FROM project_report_counts
    ORDER BY 1, 2, 3`)
  const reportRecount = await db.rows<Record<string, unknown>>(sql`
    SELECT i.user_id, i.project_id, s.report_id, CAST(COUNT(DISTINCT i.section_id) AS INTEGER) AS sections,
      r.week_start_date
    FROM section_items i JOIN report_sections s ON s.id = i.section_id JOIN reports r ON r.id = s.report_id
    WHERE i.project_id IS NOT NULL GROUP BY i.user_id, i.project_id, s.report_id, r.week_start_date
    ORDER BY 1, 2, 3`)
  expect(reportRows.map(keyed), `${step}: project_report_counts`).toEqual(reportRecount.map(keyed))
  // The portfolio's latest week of each project and its items there, read through the kept
  // rows: as the query it replaced computed them from every item.
  for (const { id } of await db.orm.select({ id: users.id }).from(users)) {
    const weeks = await db.rows<{
      project_id: number
      week_start_date: string
      open: number
      done: number
    }>(sql`
      SELECT i.project_id, r.week_start_date,
        SUM(CASE WHEN i.is_completed = 1 THEN 0 ELSE 1 END) AS open,
        SUM(CASE WHEN i.is_completed = 1 THEN 1 ELSE 0 END) AS done
      FROM section_items i
      JOIN report_sections s ON s.id = i.section_id
      JOIN reports r ON r.id = s.report_id
      WHERE i.user_id = ${id} AND i.project_id IS NOT NULL
      GROUP BY i.project_id, r.week_start_date`)
    const latest = new Map<number, (typeof weeks)[number]>()
    for (const w of weeks) {
      const seen = latest.get(Number(w.project_id))
      if (!seen || w.week_start_date > seen.week_start_date) latest.set(Number(w.project_id), w)
    }
    const uuids = await db.orm
      .select({ id: projects.id, uuid: projects.uuid })
      .from(projects)
      .where(eq(projects.user_id, id))
    const idOf = new Map(uuids.map((p) => [p.uuid, p.id]))
    const shown = (await projectPortfolio(ctx, id)).map((p) => ({
      id: idOf.get(p.uuid),
      last_update: p.last_update,
      open_count: p.open_count,
      completed_count: p.completed_count,
    }))
    const expected = shown.map(({ id: pid }) => {
      const w = latest.get(pid as number)
      return {
        id: pid,
        last_update: w?.week_start_date ?? null,
        open_count: Number(w?.open ?? 0),
        completed_count: Number(w?.done ?? 0),
      }
    })
    expect(shown, `${step}: portfolio of user ${id}`).toEqual(expected)
  }
}

const keyed = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, k === 'week_start_date' ? v : Number(v)]),
  )

const numbers = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))

const userId = async ({ db }: Ctx, email: string) =>
  (await db.orm.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id

type Report = Pick<ReportDetail, 'uuid' | 'id' | 'sections'>
const section = (r: Report, name: string) => r.sections.find((s) => s.section_name === name)!

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  await ada.api['section-templates'].post({ name: 'Follow-ups', type: 'followups' })
  const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const zeus = (await ada.api.projects.post({ name: 'Zeus' })).data!
  const hera = (await ada.api.projects.post({ name: 'Hera' })).data!
  return { ctx, ada, apollo, zeus, hera }
}

const createReport = async (client: Client, weekStart: string) => {
  const res = await client.api.reports.post({ week_start_date: weekStart })
  expect(res.status).toBe(200)
  return res.data! as Report
}
const add = async (client: Client, sectionId: number, content: string, extra: object = {}) => {
  const res = await client.api['section-items'].post({ section_id: sectionId, content, ...extra })
  expect(res.status).toBe(200)
  return res.data!
}

describe('project counts kept by the database', () => {
  test('equal the counts recomputed from every item after every kind of write', async () => {
    const { ctx, ada, apollo, zeus, hera } = await setup()
    const { db } = ctx
    await expectExact(ctx, 'no items')

    // Create, through the item API (the group commit; cadence_create_items on PostgreSQL).
    const first = await createReport(ada, week(-2))
    const highlights = section(first, 'Highlights').id
    const actions = section(first, 'Action Items').id
    const followups = section(first, 'Follow-ups').id
    const a = await add(ada, actions, 'Ship the API', { project_id: apollo.id })
    const b = await add(ada, followups, 'Call the vendor', { project_id: apollo.id })
    const c = await add(ada, highlights, 'A good week', { project_id: zeus.id })
    await add(ada, highlights, 'Untagged')
    await add(ada, actions, 'Open, for the carry-over', { project_id: zeus.id })
    await Promise.all(
      [actions, followups, highlights].map((s, k) =>
        add(ada, s, `At once ${k}`, { project_id: hera.id }),
      ),
    )
    await expectExact(ctx, 'created')

    // Retag, untag, tag; retype; both at once.
    await ada.api['section-items']({ id: c.id }).put({ project_id: apollo.id })
    await expectExact(ctx, 'retagged')
    await ada.api['section-items']({ id: a.id }).put({ project_id: null })
    await expectExact(ctx, 'untagged')
    await ada.api['section-items']({ id: a.id }).put({ project_id: zeus.id })
    await expectExact(ctx, 'tagged')
    await ada.api['section-items']({ id: b.id }).put({ item_type: 'task' })
    await expectExact(ctx, 'retyped')
    await ada.api['section-items']({ id: b.id }).put({ item_type: 'followup', project_id: hera.id })
    await expectExact(ctx, 'retyped and retagged')
    // A change that touches none of the counted columns.
    await ada.api['section-items']({ id: b.id }).put({ content: 'Call the vendor again' })
    await expectExact(ctx, 'edited')
    await ada.api['section-items']({ id: c.id }).put({ is_completed: true })
    await expectExact(ctx, 'completed')

    // Moved between sections of its report (the position API).
    const moved = await ada.put(`/api/section-items/${c.id}/position`, { section_id: followups })
    expect(moved.status).toBe(200)
    await expectExact(ctx, 'moved within its report')

    // Carry-over into the next week's report (open tasks and follow-ups, with their project).
    const second = await createReport(ada, week(-1))
    const carried = await ada.api.reports({ uuid: second.uuid })['carry-over'].post()
    expect(carried.status).toBe(200)
    const secondFull = (await ada.api.reports({ uuid: second.uuid }).get()).data! as Report
    expect(secondFull.sections.flatMap((s) => s.items).length).toBeGreaterThan(0)
    await expectExact(ctx, 'carried over')

    // Moved to another report's section and back, the owner changed: no route does either, the
    // triggers still follow them.
    const elsewhere = section(secondFull, 'Highlights').id
    await db.orm
      .update(sectionItems)
      .set({ section_id: elsewhere })
      .where(eq(sectionItems.id, c.id))
    await expectExact(ctx, 'moved to another report')
    // Statements of many rows: one UPDATE retagging several items, one INSERT of several.
    await db.orm
      .update(sectionItems)
      .set({ project_id: apollo.id })
      .where(eq(sectionItems.section_id, actions))
    await expectExact(ctx, 'many retagged at once')
    const adaId = await userId(ctx, 'ada@example.com')
    await db.orm.insert(sectionItems).values(
      [highlights, actions, followups, elsewhere].map((section_id, k) => ({
        section_id,
        user_id: adaId,
        content: `Bulk ${k}`,
        project_id: zeus.id,
        item_type: k === 1 ? ('task' as const) : ('standard' as const),
      })),
    )
    await expectExact(ctx, 'many inserted at once')

    // Deletes: an item, a section (its items cascade), a report (its sections and items cascade).
    expect((await ada.api['section-items']({ id: b.id }).delete()).status).toBe(200)
    await expectExact(ctx, 'item deleted')
    await db.orm.delete(reportSections).where(eq(reportSections.id, highlights))
    await expectExact(ctx, 'section deleted')
    const third = await createReport(ada, week(0))
    await add(ada, section(third, 'Action Items').id, 'This week', { project_id: apollo.id })
    await expectExact(ctx, 'third report')
    expect((await ada.api.reports({ uuid: first.uuid }).delete()).status).toBe(200)
    await expectExact(ctx, 'report deleted')

    // Projects: combined (references moved), deleted with a destination, deleted and unlinked.
    const combined = await ada.api.projects.combine.post({
      projectUuids: [zeus.uuid, hera.uuid],
      newProjectName: 'Olympus',
    })
    expect(combined.status).toBe(200)
    await expectExact(ctx, 'combined')
    const list = (await ada.api.projects.get()).data!
    const olympus = list.find((p) => p.name === 'Olympus')!
    const moveTo = await ada.api.projects({ uuid: apollo.uuid }).delete({
      move_to_project_id: olympus.id,
    })
    expect(moveTo.status).toBe(200)
    await expectExact(ctx, 'deleted, moved to another')
    await add(ada, section(third, 'Follow-ups').id, 'Before the unlink', { project_id: olympus.id })
    const unlinked = await ada.api.projects({ uuid: olympus.uuid }).delete({
      move_to_project_id: null,
    })
    expect(unlinked.status).toBe(200)
    await expectExact(ctx, 'deleted, unlinked')

    // Account import: another user's copy of her account; then that account deleted.
    const poseidon = (await ada.api.projects.post({ name: 'Poseidon' })).data!
    await add(ada, section(third, 'Highlights').id, 'For the export', { project_id: poseidon.id })
    await add(ada, section(third, 'Action Items').id, 'Again', { project_id: poseidon.id })
    const doc = (await ada.get('/api/export')).json
    const bob = await signIn(ctx.app, 'bob@example.com')
    expect((await bob.post('/api/import', doc)).status).toBe(200)
    const bobId = await userId(ctx, 'bob@example.com')
    const bobs = (await db.q.projects.withCounts(bobId)).map(pick)
    expect(bobs.some((p) => p.total_references > 0)).toBe(true)
    await expectExact(ctx, 'imported')
    await db.orm.delete(users).where(eq(users.id, bobId))
    await expectExact(ctx, 'account deleted')
    const left = await db.rows<{ n: number }>(
      sql`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM project_counts WHERE user_id = ${bobId}`,
    )
    expect(Number(left[0].n)).toBe(0)
  })

  test('writers at once count a report once, and their deletes leave none', async () => {
    const { ctx, ada, apollo, zeus, hera } = await setup()
    const { db } = ctx
    const report = await createReport(ada, week(-1))
    const sectionIds = report.sections.map((s) => s.id)
    const adaId = await userId(ctx, 'ada@example.com')
    const tagged = [apollo.id, zeus.id, hera.id]
    // Separate transactions of one item each (as the item API writes), held open a moment on
    // PostgreSQL so that they overlap: each project tagged in the report's three sections at once,
    // so three writers race to make its report's row.
    const writer = (k: number) =>
      db.tx(async (tx) => {
        await tx.orm.insert(sectionItems).values({
          section_id: sectionIds[k % sectionIds.length],
          user_id: adaId,
          content: `Writer ${k}`,
          project_id: tagged[Math.floor(k / sectionIds.length) % tagged.length],
          item_type: k % 2 ? 'task' : 'followup',
        })
        if (tx.kind === 'pg') await tx.exec(sql`SELECT pg_sleep(0.02)`)
      })
    await Promise.all(Array.from({ length: 3 * sectionIds.length }, (_, k) => writer(k)))
    // And through the item API, whose group commit batches them.
    await Promise.all(
      sectionIds.flatMap((section_id) =>
        tagged.map((project_id) => add(ada, section_id, 'Batched', { project_id })),
      ),
    )
    await expectExact(ctx, 'written at once')
    const kept = (await db.q.projects.withCounts(adaId)).map(pick)
    expect(kept.every((p) => p.reports_count === 1)).toBe(true)
    const ids = (
      await db.orm
        .select({ id: sectionItems.id })
        .from(sectionItems)
        .where(eq(sectionItems.user_id, adaId))
    ).map((r) => r.id)
    await Promise.all(ids.map((id) => ada.api['section-items']({ id }).delete()))
    await expectExact(ctx, 'deleted at once')
    const left = (await db.q.projects.withCounts(adaId)).map(pick)
    expect(left.every((p) => p.total_references === 0 && p.reports_count === 0)).toBe(true)
  })
})
