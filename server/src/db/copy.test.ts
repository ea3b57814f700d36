import { describe, expect, test } from 'bun:test'
import { asc, getTableName } from 'drizzle-orm'
import { syncRateLimits } from '../lib/rate-limit'
import { freshTestDatabase, testEngine } from '../test/engines'
import { createTestApp, signIn } from '../test/helpers'
import { openDatabase } from '.'
import { type CopyProgress, copyData, getTableConfig, tablesInOrder } from './copy'
import type { Engine } from './engine'

/** A target of the other kind when the tests run on PostgreSQL (SQLite -> PostgreSQL -> SQLite). */
const newTarget = async (): Promise<Engine> =>
  testEngine() === 'pg' ? ((await freshTestDatabase()) as Engine) : openDatabase(':memory:')

async function dump(db: Engine) {
  const out: Record<string, unknown[]> = {}
  for (const table of tablesInOrder(db.t)) {
    const pk = getTableConfig(table).columns.find((c) => c.primary)
    out[getTableName(table)] = await db.orm
      .select()
      .from(table)
      .orderBy(asc(pk as never))
  }
  return out
}

async function seeded() {
  // The source is always SQLite (the installation being moved).
  const { app, db } = await createTestApp({}, 'sqlite')
  const ada = await signIn(app, 'ada@example.com', 'Ada')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const project = await ada.api.projects.post({ name: 'Apollo' })
  const member = await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' })
  const report = await ada.api.reports.post({ week_start_date: '2026-11-23' })
  const full = await ada.api.reports({ uuid: report.data!.uuid }).get()
  const section = full.data!.sections[0]
  for (let i = 0; i < 3; i++) {
    await ada.api['section-items'].post({
      section_id: section.id,
      content: `Item ${i} for Apollo`,
      project_id: project.data!.id,
      assigned_to_team_member_id: member.data!.id,
    })
  }
  // Metrics: a metric with a fractional value (a double survives both engines exactly).
  const metric = await ada.api.metrics.post({
    name: 'Churn',
    unit: '%',
    direction: 'down',
    target: 2.5,
  })
  await ada.api
    .reports({ uuid: report.data!.uuid })
    ['metric-values']({ metric_id: metric.data!.id })
    .put({
      value: 1.0625,
    })
  // Decisions: one decided by the team member, on the project, from an item.
  const items = (await ada.api.reports({ uuid: report.data!.uuid }).get()).data!.sections[0].items
  await ada.api.decisions.post({
    title: 'Ship Apollo in March',
    decided_on: '2026-11-24',
    decided_by_member_uuid: member.data!.uuid,
    project_uuid: project.data!.uuid,
    rationale: 'QA signed off',
    revisit_on: '2027-03-01',
    source_item_id: items[0].id,
  })
  // Sent, edited and updated: two frozen editions.
  await ada.api.reports({ uuid: report.data!.uuid }).put({ is_submitted: true })
  await ada.api.reports({ uuid: report.data!.uuid }).editions.post({ note: 'Fixed a name' })
  // The search entries the item writes left pending are applied now, not by the background sync
  // (INDEX_SYNC_MS after a write) in the middle of a copy: that deleted rows of search_pending
  // between the copy's counts and its reads (a total of 34, 33 copied, on a loaded machine).
  await db.q.search.prepare()
  // So are the sign-in's rate-limit counts, which the limiter adds to rate_limits once a second
  // (SYNC_MS): one landed between the copy's counts and its reads (a total of 34, 33 copied).
  await syncRateLimits(db)
  // createTestApp(…, 'sqlite') opened it with openDatabase: its bun:sqlite handle is there.
  const { sqlite } = db as ReturnType<typeof openDatabase>
  expect(sqlite.query('SELECT count(*) AS n FROM search_pending').get()).toEqual({ n: 0 })
  return { app, db: db as unknown as Engine }
}

describe('bun run copy-data', () => {
  test(`copies every table with its ids to ${testEngine() === 'pg' ? 'PostgreSQL and back' : 'SQLite'}`, async () => {
    const { db: source } = await seeded()
    const target = await newTarget()
    const report = await copyData(source, target)
    expect(report.every((r) => r.source === r.target)).toBe(true)
    expect(report.find((r) => r.table === 'section_items')?.target).toBe(3)
    expect(report.find((r) => r.table === 'report_editions')?.target).toBe(2)
    expect(report.find((r) => r.table === 'metric_values')?.target).toBe(1)
    expect(report.find((r) => r.table === 'decisions')?.target).toBe(1)
    const before = await dump(source)
    expect(await dump(target)).toEqual(before)

    // And back into a new SQLite database: the same rows again.
    const back = openDatabase(':memory:') as unknown as Engine
    await copyData(target, back)
    expect(await dump(back)).toEqual(before)

    // The target's ids continue after the copied ones.
    const [user] = await target.orm.select().from(target.t.users)
    const [made] = await target.orm
      .insert(target.t.projects)
      .values({ user_id: user.id, uuid: crypto.randomUUID(), name: 'Later' })
      .returning()
    expect(made.id).toBeGreaterThan(
      Math.max(...(before.projects as { id: number }[]).map((p) => p.id)),
    )
  })

  test('pages by primary key (keyset): pages of 2 rows copy the same rows as one page', async () => {
    const { db: source } = await seeded()
    // More rows than pages: text keys (sessions) and integer keys (items) across page ends.
    const signedIn = await source.orm.select().from(source.t.sessions)
    expect(signedIn.length).toBeGreaterThan(0)
    const target = await newTarget()
    const lines: string[] = []
    const report = await copyData(source, target, (line) => lines.push(line), { batch: 2 })
    expect(report.every((r) => r.source === r.target)).toBe(true)
    expect(await dump(target)).toEqual(await dump(source))
    expect(lines).toContain('section_items: 3 rows')
  })

  test('reports progress after every page, with counts that only grow to the totals', async () => {
    const { db: source } = await seeded()
    const target = await newTarget()
    const seen: CopyProgress[] = []
    const report = await copyData(source, target, undefined, {
      batch: 2,
      progress: (p) => seen.push(p),
    })
    const rows = report.reduce((sum, r) => sum + r.source, 0)
    // 3 items in pages of 2: after the first page 2 of 3, then 3 of 3.
    expect(seen.filter((p) => p.table === 'section_items').map((p) => [p.copied, p.total])).toEqual(
      [
        [2, 3],
        [3, 3],
      ],
    )
    for (const [i, p] of seen.entries()) {
      expect(p.allTotal).toBe(rows)
      expect(p.copied).toBeLessThanOrEqual(p.total)
      if (i) expect(p.allCopied).toBeGreaterThanOrEqual(seen[i - 1].allCopied)
      if (i && seen[i - 1].table === p.table) expect(p.copied).toBeGreaterThan(seen[i - 1].copied)
    }
    expect(seen.at(-1)?.allCopied).toBe(rows)
    // Every table is reported, empty ones included, each ending at its own count.
    const lastOf = new Map(seen.map((p) => [p.table, p.copied]))
    expect(Object.fromEntries(lastOf)).toEqual(
      Object.fromEntries(report.map((r) => [r.table, r.source])),
    )
  })

  test('refuses a target that has data, and changes nothing there', async () => {
    const { db: source } = await seeded()
    const target = await newTarget()
    await copyData(source, target)
    const before = await dump(target)
    await expect(copyData(source, target)).rejects.toThrow('the target is not empty')
    expect(await dump(target)).toEqual(before)
  })
})
