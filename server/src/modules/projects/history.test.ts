// Costs independent of history (issue 45): GET /api/projects of a user with 500 weekly reports reads
// about as many rows as one with 8. Not a timing test (bench/history.ts has the times): on SQLite
// the plan of the projects statement is held to the keys that bound it (one counts row per project,
// never her items); on PostgreSQL the rows each plan node handled (EXPLAIN ANALYZE) are summed for
// both users and compared.
import { describe, expect } from 'bun:test'
import type { ProjectWithCounts } from '@cadence/contract'
import { type SQL, sql } from 'drizzle-orm'
import { COUNTS_SQL as PG_COUNTS_SQL } from '../../db/pg/statements/projects'
import { projects } from '../../db/schema'
import { COUNTS_SQL as SQLITE_COUNTS_SQL } from '../../db/sqlite/statements/projects'
import { createTestApp } from '../../test/helpers'
import { type PgNode, rowsHandled, seedWeeks as seedHistory, textOf } from '../../test/history'
import { test, thisWeek } from '../../test/today'

type Ctx = Awaited<ReturnType<typeof createTestApp>>
const PROJECTS = 6

/**
 * `weeks` weekly reports with a tasks and a follow-ups section of 6 items each, item k of each
 * section tagged to project k (the sixth left untagged), written straight to the database.
 */
async function seedWeeks(ctx: Ctx, email: string, weeks: number) {
  let made: { id: number }[] = []
  const seeded = await seedHistory(ctx, email, weeks, {
    prepare: async (userId) => {
      made = await ctx.db.orm
        .insert(projects)
        .values(
          Array.from({ length: PROJECTS }, (_, k) => ({
            user_id: userId,
            uuid: crypto.randomUUID(),
            name: `P${k}`,
          })),
        )
        .returning({ id: projects.id })
    },
    item: (_, k) => ({ content: `Item ${k}`, project_id: k < PROJECTS - 1 ? made[k].id : null }),
  })
  return { ...seeded, weeks }
}

async function setup() {
  const ctx = await createTestApp()
  const light = await seedWeeks(ctx, 'light@example.com', 8)
  const heavy = await seedWeeks(ctx, 'heavy@example.com', 500)
  if (ctx.db.kind === 'pg') await ctx.db.rows(sql`ANALYZE`)
  return { ctx, light, heavy }
}

/** The projects statement of the engine, for one user (the user id inlined: an integer). */
const statement = (ctx: Ctx, userId: number) =>
  ctx.db.kind === 'pg'
    ? sql.raw(PG_COUNTS_SQL.replaceAll('$1', String(userId)))
    : sql.raw(SQLITE_COUNTS_SQL.replaceAll('?1', String(userId)))

describe('the projects of 500 weeks against 8', () => {
  test('answer the counts of all her history, read from one row per project', async () => {
    const { ctx, light, heavy } = await setup()
    for (const who of [light, heavy]) {
      const list = (await who.client.get('/api/projects')).json as ProjectWithCounts[]
      expect(list).toHaveLength(PROJECTS)
      for (const p of list) {
        const tagged = p.name !== `P${PROJECTS - 1}`
        // One task and one follow-up a week, in two sections of the week's report.
        expect(p).toMatchObject({
          total_references: tagged ? 2 * who.weeks : 0,
          task_count: tagged ? who.weeks : 0,
          followup_count: tagged ? who.weeks : 0,
          reports_count: tagged ? who.weeks : 0,
        })
      }
    }

    if (ctx.db.kind === 'sqlite') {
      const plan = (
        await ctx.db.rows<{ detail: string }>(
          sql`EXPLAIN QUERY PLAN ${statement(ctx, heavy.userId)}`,
        )
      )
        .map((r) => r.detail)
        .join('\n')
      // Her projects by their index, one counts row each by its key; the member entries by theirs
      // (per user, not per week); never her items or her sections.
      expect(plan).toMatch(/SEARCH p USING INDEX projects_user/)
      expect(plan).toMatch(
        /SEARCH si USING INDEX project_counts_key \(project_id=\? AND user_id=\?\)/,
      )
      for (const table of ['talking_points', 'member_tasks', 'member_followups'])
        expect(plan).toMatch(
          new RegExp(`SEARCH ${table} USING (COVERING )?INDEX \\w+ \\(user_id=\\?`),
        )
      // (The member entries' GROUP BY sorts her entries, not her weeks.)
      expect(plan).not.toMatch(/section_items|report_sections|TEMP B-TREE FOR DISTINCT|^SCAN/m)
      return
    }
    // The test's tables are small enough for PostgreSQL to read them whole (a sequential scan of a
    // few pages costs it less than an index); with them off it plans as for a large database.
    const handled = (userId: number) =>
      ctx.db.tx(async (tx) => {
        await tx.exec(sql`SET LOCAL enable_seqscan = off`)
        const [row] = await tx.rows<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
          sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement(ctx, userId)}`,
        )
        if (process.env.SHOW_PLANS)
          for (const r of await tx.rows<{ 'QUERY PLAN': string }>(
            sql`EXPLAIN ANALYZE ${statement(ctx, userId)}`,
          ))
            console.log(r['QUERY PLAN'])
        return rowsHandled(row['QUERY PLAN'][0].Plan)
      })
    const l = await handled(light.userId)
    const h = await handled(heavy.userId)
    // 500 weeks against 8: the same rows handled (one per project and join), not 60×.
    expect(h, `${h} rows against ${l}`).toBeLessThanOrEqual(l * 1.3 + 10)
  })

  test("the portfolio's latest week of each project is read from the kept counts", async () => {
    const { ctx, light, heavy } = await setup()
    // The portfolio's statements, captured as it answers one user; the one of the weeks is ours.
    const queries = async (client: typeof light.client) => {
      const db = ctx.db as unknown as Record<'rows', (q: SQL) => Promise<unknown>>
      const original = db.rows
      const seen: SQL[] = []
      db.rows = (q: SQL) => {
        seen.push(q)
        return original.call(ctx.db, q)
      }
      try {
        const res = await client.get('/api/projects/portfolio')
        expect(res.status).toBe(200)
        expect(res.json).toHaveLength(PROJECTS)
        // This week's report holds one open item of each tagged project in each of two sections.
        for (const p of res.json as {
          name: string
          last_update: string | null
          open_count: number
        }[])
          if (p.name !== `P${PROJECTS - 1}`)
            expect(p).toMatchObject({ last_update: thisWeek(), open_count: 2 })
      } finally {
        db.rows = original
      }
      const weeks = seen.filter((q) => textOf(q).includes('project_report_counts'))
      expect(weeks).toHaveLength(1)
      return weeks[0]
    }
    const lightWeeks = await queries(light.client)
    const heavyWeeks = await queries(heavy.client)
    if (ctx.db.kind === 'sqlite') {
      const plan = (await ctx.db.rows<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${heavyWeeks}`))
        .map((r) => r.detail)
        .join('\n')
      // The latest report of each project by one seek of project_report_counts_week, its items by
      // that report's sections; never all of her items, nor a sort of them.
      expect(plan).toMatch(/SEARCH l USING COVERING INDEX project_report_counts_week/)
      expect(plan).toMatch(
        /SEARCH s USING (COVERING )?INDEX report_sections_report \(report_id=\?\)/,
      )
      expect(plan).not.toMatch(/section_items_user|TEMP B-TREE|^SCAN/m)
      return
    }
    const handled = (q: SQL) =>
      ctx.db.tx(async (tx) => {
        await tx.exec(sql`SET LOCAL enable_seqscan = off`)
        const [row] = await tx.rows<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
          sql`EXPLAIN (ANALYZE, FORMAT JSON) ${q}`,
        )
        return rowsHandled(row['QUERY PLAN'][0].Plan)
      })
    const l = await handled(lightWeeks)
    const h = await handled(heavyWeeks)
    expect(h, `${h} rows against ${l}`).toBeLessThanOrEqual(l * 1.3 + 10)
  })
})
