// What the history tests of issue 45 share (modules/dashboard, modules/projects and search:
// history.test.ts): a user with many weekly reports written straight to the database, and what a
// test reads of the statements an answer ran.
import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { reportSections, reports, sectionItems, users } from '../db/schema'
import { addDays } from '../lib/weeks'
import { type createTestApp, signIn } from './helpers'
import { thisWeek } from './today'

type Ctx = Awaited<ReturnType<typeof createTestApp>>
type ItemType = 'task' | 'followup'

/** Rows written per statement while seeding. */
const CHUNK = 200

async function inChunks<T>(rows: T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

type Shape = {
  /** Written oldest week first, as a user writes them (the default: this week first). */
  oldestFirst?: boolean
  /** Run once the user exists, before any report is written (projects the items refer to). */
  prepare?: (userId: number) => Promise<void>
  /** The report of week `week`'s own fields (title, summary). */
  report?: (week: number) => { title?: string; summary?: string }
  /** Item `k` (0 to 5) of the week's section of `type`. */
  item: (
    section: { type: ItemType; week: number },
    k: number,
  ) => { content: string; is_completed?: boolean; project_id?: number | null }
}

/**
 * A new user with `weeks` weekly reports, each with a tasks and a follow-ups section of 6 items,
 * shaped by `shape`; answers her signed-in client and id.
 */
export async function seedWeeks(ctx: Ctx, email: string, weeks: number, shape: Shape) {
  const client = await signIn(ctx.app, email)
  const [user] = await ctx.db.orm
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email}`)
  await shape.prepare?.(user.id)
  // This week's Monday, read as she writes (./today): week `w` starts `w` weeks before it.
  const monday = thisWeek()
  const ages = Array.from({ length: weeks }, (_, i) => (shape.oldestFirst ? weeks - 1 - i : i))
  const made: { id: number; week: number }[] = []
  await inChunks(ages, async (part) => {
    const rows = await ctx.db.orm
      .insert(reports)
      .values(
        part.map((w) => ({
          user_id: user.id,
          uuid: crypto.randomUUID(),
          week_start_date: addDays(monday, -7 * w),
          ...shape.report?.(w),
        })),
      )
      .returning({ id: reports.id })
    made.push(...rows.map((r, i) => ({ id: r.id, week: part[i] })))
  })
  const sections: { id: number; type: ItemType; week: number }[] = []
  await inChunks(
    made.flatMap((r) =>
      (['tasks', 'followups'] as const).map((type, k) => ({
        report_id: r.id,
        user_id: user.id,
        section_name: type,
        section_type: type,
        sort_order: k,
        week: r.week,
      })),
    ),
    async (part) => {
      const rows = await ctx.db.orm
        .insert(reportSections)
        .values(part.map(({ week: _, ...s }) => s))
        .returning({ id: reportSections.id, section_type: reportSections.section_type })
      for (const [i, s] of rows.entries())
        sections.push({
          id: s.id,
          type: s.section_type === 'tasks' ? 'task' : 'followup',
          week: part[i].week,
        })
    },
  )
  await inChunks(
    sections.flatMap((s) =>
      Array.from({ length: 6 }, (_, k) => ({
        section_id: s.id,
        user_id: user.id,
        item_type: s.type,
        sort_order: k,
        ...shape.item(s, k),
      })),
    ),
    (part) => ctx.db.orm.insert(sectionItems).values(part),
  )
  return { client, userId: user.id }
}

/** The text of a captured query, its parameters as `?`, for naming or finding it. */
export const textOf = (q: SQL) =>
  q.queryChunks.map((c) => (typeof c === 'object' && c && 'value' in c ? c.value : '?')).join('')

/** A node of a PostgreSQL plan (EXPLAIN (ANALYZE, FORMAT JSON)). */
export type PgNode = { 'Actual Rows': number; 'Actual Loops': number; Plans?: PgNode[] }

/** Rows every node of a PostgreSQL plan handled, over all its loops. */
export const rowsHandled = (node: PgNode): number =>
  node['Actual Rows'] * node['Actual Loops'] +
  (node.Plans ?? []).reduce((sum, child) => sum + rowsHandled(child), 0)
