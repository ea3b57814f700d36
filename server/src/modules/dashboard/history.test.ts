// Costs independent of history (issue 45): the dashboard of a user with 500 weekly reports reads
// about as many rows as one with 8. Not a timing test (bench/history.ts has the times): on SQLite
// the plans of the dashboard's queries are held to the indexes that bound them; on PostgreSQL the
// rows each plan node handled (EXPLAIN ANALYZE) are summed for both users and compared.
import { describe, expect } from 'bun:test'
import type { DashboardData } from '@cadence/contract'
import { type SQL, sql } from 'drizzle-orm'
import { createTestApp, type signIn } from '../../test/helpers'
import { type PgNode, rowsHandled, seedWeeks as seedHistory, textOf } from '../../test/history'
import { test } from '../../test/today'
import { DASHBOARD_FIRST_PAGE } from '.'

type Ctx = Awaited<ReturnType<typeof createTestApp>>

/**
 * `weeks` weekly reports with a tasks and a follow-ups section of 6 items each; in the weeks before
 * the last three, 4 of each section's 6 left open (so open items grow with the weeks too, as in the
 * bench's seed), enough for a page in 8 weeks: both users' pages are filled from their first batch
 * of reports, and a longer history must not make them read more.
 */
const seedWeeks = (ctx: Ctx, email: string, weeks: number) =>
  seedHistory(ctx, email, weeks, {
    report: (w) => ({ title: `Week ${w}` }),
    item: (s, k) => ({ content: `Item ${s.week}-${k}`, is_completed: s.week > 2 && k >= 4 }),
  })

async function setup() {
  const ctx = await createTestApp()
  const light = await seedWeeks(ctx, 'light@example.com', 8)
  const heavy = await seedWeeks(ctx, 'heavy@example.com', 500)
  if (ctx.db.kind === 'pg') await ctx.db.rows(sql`ANALYZE`)
  return { ctx, light, heavy }
}

/**
 * The SQL the dashboard runs through `db.rows` and `db.row` (its pages, batches, totals and
 * 'Needs you'), captured with their parameters while it answers one user.
 */
async function dashboardQueries(ctx: Ctx, client: Awaited<ReturnType<typeof signIn>>) {
  const db = ctx.db as unknown as Record<'rows' | 'row', (q: SQL) => Promise<unknown>>
  const original = { rows: db.rows, row: db.row }
  const seen: SQL[] = []
  for (const method of ['rows', 'row'] as const)
    db[method] = (q: SQL) => {
      seen.push(q)
      return original[method].call(ctx.db, q)
    }
  try {
    expect((await client.get('/api/dashboard')).status).toBe(200)
  } finally {
    Object.assign(db, original)
  }
  return seen
}

describe('the dashboard of 500 weeks against 8', () => {
  test('answers the same first pages, with totals over all her open items', async () => {
    const { light, heavy } = await setup()
    const l = (await light.client.get('/api/dashboard')).json as DashboardData
    const h = (await heavy.client.get('/api/dashboard')).json as DashboardData
    // This week and the two before are open (12 each); each older week leaves 8 open.
    expect(l.activeTasksTotal + l.activeFollowupsTotal).toBe(36 + 5 * 8)
    expect(h.activeTasksTotal + h.activeFollowupsTotal).toBe(36 + 497 * 8)
    expect(h.activeTasks).toHaveLength(DASHBOARD_FIRST_PAGE)
    // Newest week first: the same weeks' items for both.
    expect(h.activeTasks.map((i) => i.content)).toEqual(l.activeTasks.map((i) => i.content))
    // Stalled: what is open in the weeks before the last three.
    expect(l.needsYou.stalledTotal).toBe(5 * 8)
    expect(h.needsYou.stalledTotal).toBe(497 * 8)
    const stalledItems = (d: DashboardData) => d.needsYou.stalled.flatMap((g) => g.items)
    expect(stalledItems(h)).toHaveLength(DASHBOARD_FIRST_PAGE)
    // The oldest first: the heavy user's first page is from her oldest weeks.
    expect(Math.min(...stalledItems(h).map((i) => i.open_weeks))).toBeGreaterThan(480)
  })

  test('its queries are bounded by their page or the recent weeks, not by her history', async () => {
    const { ctx, light, heavy } = await setup()
    const lightQueries = await dashboardQueries(ctx, light.client)
    const heavyQueries = await dashboardQueries(ctx, heavy.client)
    // As many statements for 500 weeks as for 8: each page filled from the first batch of reports.
    expect(heavyQueries.length).toBe(lightQueries.length)
    // The totals count every open item of hers, by definition: over an index, never the table
    // (SQLite), and left out of the rows compared below.
    const isTotals = (q: SQL) => textOf(q).includes('SUM(CASE WHEN i.item_type')
    expect(heavyQueries.filter(isTotals)).toHaveLength(1)
    if (ctx.db.kind === 'sqlite') {
      for (const q of heavyQueries) {
        const plan = (await ctx.db.rows<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${q}`))
          .map((r) => r.detail)
          .join('\n')
        const name = textOf(q).trim().slice(0, 120)
        if (isTotals(q)) {
          expect(plan, name).toMatch(/^SEARCH i USING COVERING INDEX section_items_user_open/)
          continue
        }
        // No table read whole, and items read by their section, never through the index of all
        // her open items.
        expect(plan, name).not.toMatch(/^SCAN (r|s|i|reports|report_sections|section_items)\b/m)
        expect(plan, name).not.toContain('section_items_user_open')
      }
      return
    }
    // The test's tables are small enough for PostgreSQL to read them whole (a sequential scan of a
    // few pages costs it less than an index); with them off it plans as for a large database.
    const handled = (queries: SQL[]) =>
      ctx.db.tx(async (tx) => {
        await tx.exec(sql`SET LOCAL enable_seqscan = off`)
        let sum = 0
        for (const q of queries.filter((q) => !isTotals(q))) {
          const [row] = await tx.rows<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
            sql`EXPLAIN (ANALYZE, FORMAT JSON) ${q}`,
          )
          sum += rowsHandled(row['QUERY PLAN'][0].Plan)
          if (process.env.SHOW_PLANS)
            for (const r of await tx.rows<{ 'QUERY PLAN': string }>(sql`EXPLAIN ANALYZE ${q}`))
              console.log(r['QUERY PLAN'])
        }
        return sum
      })
    const l = await handled(lightQueries)
    const h = await handled(heavyQueries)
    // 500 weeks against 8: rows handled within 1.3× (plus a few index probes), not 60×.
    expect(h, `${h} rows against ${l}`).toBeLessThanOrEqual(l * 1.3 + 50)
  })
})
