import { type SQL, sql } from 'drizzle-orm'
import { t } from 'elysia'
import type { Engine } from '../db'
import { Forbidden } from './errors'

/**
 * Ids and orders are whole numbers of the databases' 4-byte integers on both engines
 * (PostgreSQL's `integer`): an id or order past it answers 400 from the route's schema, never a
 * database error.
 */
export const INT4_MAX = 2_147_483_647

/**
 * A numeric path id (`/:id`): a whole number from 1 to INT4_MAX, else 400 with `error` before any
 * query runs (a fraction or 2^31 would otherwise reach PostgreSQL and answer 500).
 * security/int4-path-ids.test.ts calls every such route with ids past the range on both engines.
 */
export const pathId = (error = 'id must be a number') =>
  t.Numeric({ minimum: 1, maximum: INT4_MAX, multipleOf: 1, error })

/**
 * `ITEM_LIMITS=off` lifts the item limits: for `bun run bench` only, whose durable-write runs put
 * tens of thousands of items into one report (docs/configuration.md). Never set in production.
 */
const itemLimitsOff = () => process.env.ITEM_LIMITS === 'off'

/** Metric values and targets: finite, and at most this far from zero (a chart can draw them). */
export const METRIC_VALUE_MAX = 1e15

/**
 * How many of each kind of object one account may hold, so that every list a route answers is
 * bounded (docs/security.md, "List sizes"). Far above what an executive keeps (a few dozen
 * projects, a team of ten, a handful of templates); a create past the limit answers 403 saying so
 * and writes nothing, and an account import that would pass it is refused the same way.
 */
export const OBJECT_LIMITS = {
  projects: 1_000,
  teamMembers: 500,
  sectionTemplates: 50,
  /** Per team member and kind (talking points, tasks, follow-ups). */
  memberEntries: 1_000,
  /** Weekly reports: forty years of weeks (the admin's max_reports_per_user may set fewer). */
  reports: 2_000,
  /** Items in one report, all its sections together: a heavy week holds a few hundred. */
  itemsPerReport: 10_000,
  /** Items in all the account's reports: ten years of a heavy executive's weeks. */
  itemsPerAccount: 50_000,
  /** Editions of one report: its Send and the updates after it (each also spends send quota). */
  editionsPerReport: 50,
  /**
   * Open private links (not revoked, not expired; personal reader links not counted): per report
   * and per account. GET /api/shares lists every open link before any closed one (LIST_CAPS), so
   * each one can be seen and revoked.
   */
  openLinksPerReport: 100,
  openLinksPerAccount: 1_000,
  /**
   * Readers' questions on one report, all its links together: each also lands as a follow-up, and
   * a link holder is rate-limited but never stops on their own. A board asks a handful a week.
   */
  questionsPerReport: 500,
  /**
   * Readers' answers to the asks of one report, all its links together, replaced ones included
   * (an ask keeps its history): like questions, a link holder never stops on their own.
   */
  askAnswersPerReport: 1_000,
  /**
   * Revisits of one decision: each new revisit date makes a follow-up (decisions/revisits.ts),
   * so setting date after date would add item after item. A decision revisited weekly for two
   * years needs about a hundred.
   */
  revisitsPerDecision: 100,
} as const

/**
 * Lists answered newest first and cut at this many rows; what is older stays stored and is
 * reached another way (a report by its page and search, a link through its report).
 */
export const LIST_CAPS = {
  /** GET /api/reports: forty years of weekly reports. */
  reports: 2_000,
  /** GET /api/shares: every open link (at most openLinksPerAccount), then the newest closed ones. */
  shares: 1_500,
  /** GET /api/reports/{uuid}/deliveries. */
  deliveries: 100,
  /** GET /api/my-teams. */
  myTeams: 200,
} as const

/**
 * Refuses (403) when `count` (a COUNT(*) AS n query) plus `adding` would pass `limit`. Counted
 * before the insert: two creates racing at the limit may both pass, which an upper bound on
 * storage tolerates.
 */
export async function assertRoom(
  db: Engine,
  count: SQL,
  adding: number,
  limit: number,
  what: string,
) {
  const [{ n }] = await db.rows<{ n: number }>(count)
  if (Number(n) + adding > limit) throw full(limit, what)
}

export const countOf = {
  projects: (userId: number) => sql`SELECT COUNT(*) AS n FROM projects WHERE user_id = ${userId}`,
  teamMembers: (userId: number) =>
    sql`SELECT COUNT(*) AS n FROM team_members WHERE user_id = ${userId}`,
  sectionTemplates: (userId: number) =>
    sql`SELECT COUNT(*) AS n FROM section_templates WHERE user_id = ${userId}`,
}

/**
 * After an account import (in its transaction): the account as it is now is within every object
 * limit, or the import is refused (403) and rolls back. Projects, members and templates merge by
 * name, so only the result tells.
 */
export async function assertAccountWithinLimits(db: Engine, userId: number) {
  await assertRoom(db, countOf.projects(userId), 0, OBJECT_LIMITS.projects, 'projects per account')
  await assertRoom(
    db,
    countOf.teamMembers(userId),
    0,
    OBJECT_LIMITS.teamMembers,
    'team members per account',
  )
  await assertRoom(
    db,
    countOf.sectionTemplates(userId),
    0,
    OBJECT_LIMITS.sectionTemplates,
    'section templates per account',
  )
  await assertAccountItemRoom(db, userId, 0)
  if (!itemLimitsOff())
    await assertRoom(
      db,
      sql`SELECT COALESCE(MAX(c), 0) AS n FROM (
      SELECT COUNT(*) AS c FROM section_items i JOIN report_sections s ON s.id = i.section_id
      WHERE i.user_id = ${userId} GROUP BY s.report_id
    ) AS per_report`,
      0,
      OBJECT_LIMITS.itemsPerReport,
      ITEMS_PER_REPORT,
    )
  for (const [table, what] of [
    ['talking_points', 'talking points per team member'],
    ['member_tasks', 'tasks per team member'],
    ['member_followups', 'follow-ups per team member'],
  ] as const) {
    await assertRoom(
      db,
      sql`SELECT COALESCE(MAX(c), 0) AS n FROM (
        SELECT COUNT(*) AS c FROM ${sql.raw(table)} WHERE user_id = ${userId} GROUP BY team_member_id
      ) AS per_member`,
      0,
      OBJECT_LIMITS.memberEntries,
      what,
    )
  }
}

export const itemCounts = {
  report: (reportId: number) => sql`SELECT COUNT(*) AS n FROM section_items i
    JOIN report_sections s ON s.id = i.section_id WHERE s.report_id = ${reportId}`,
  account: (userId: number) =>
    sql`SELECT COUNT(*) AS n FROM section_items WHERE user_id = ${userId}`,
}

/** Refuses (403) a new edition of a report that has as many as it may. */
export async function assertEditionRoom(db: Engine, reportId: number) {
  await assertRoom(
    db,
    sql`SELECT COUNT(*) AS n FROM report_editions WHERE report_id = ${reportId}`,
    1,
    OBJECT_LIMITS.editionsPerReport,
    'editions per report',
  )
}

const ITEMS_PER_REPORT = `items per report`
const ITEMS_PER_ACCOUNT = `items per account`

/** Refuses (403) adding `adding` items to the report when the report or the account would be full. */
export async function assertItemRoom(db: Engine, userId: number, reportId: number, adding: number) {
  if (itemLimitsOff()) return
  await assertRoom(
    db,
    itemCounts.report(reportId),
    adding,
    OBJECT_LIMITS.itemsPerReport,
    ITEMS_PER_REPORT,
  )
  await assertAccountItemRoom(db, userId, adding)
}

/** Refuses (403) adding `adding` items to the account when it would pass its item limit. */
export async function assertAccountItemRoom(db: Engine, userId: number, adding: number) {
  if (itemLimitsOff()) return
  await assertRoom(
    db,
    itemCounts.account(userId),
    adding,
    OBJECT_LIMITS.itemsPerAccount,
    ITEMS_PER_ACCOUNT,
  )
}

/**
 * The room for single new items (POST /api/section-items, on the hot write path), counted without
 * a query per write: a count tells the room left in the report and the account, and this instance
 * then writes up to half of it before counting again, so near a limit every write counts, far
 * from it one in thousands does. Other instances write into the other half; an import or a
 * carry-over forgets what it changed (`forget`). Bounded: the maps are emptied when large.
 */
export class ItemRoom {
  /** Per user: the writes left without counting, for the account and for each report. */
  #budget = new Map<number, { account: number; reports: Map<number, number> }>()
  #reportOf = new Map<number, number>()
  constructor(private readonly db: Engine) {}

  /** Throws 403 when a new item in the section would pass a limit; else counts it. */
  async take(userId: number, sectionId: number) {
    if (itemLimitsOff()) return
    const reportId = this.#reportOf.get(sectionId)
    const user = this.#budget.get(userId)
    const left = reportId === undefined ? 0 : (user?.reports.get(reportId) ?? 0)
    if (user && reportId !== undefined && user.account > 0 && left > 0) {
      user.account--
      user.reports.set(reportId, left - 1)
      return
    }
    const [row] = await this.db.rows<{
      report_id: number
      report_n: number
      account_n: number
    }>(
      sql`SELECT s.report_id,
        (SELECT COUNT(*) FROM section_items i JOIN report_sections rs ON rs.id = i.section_id
          WHERE rs.report_id = s.report_id) AS report_n,
        (SELECT COUNT(*) FROM section_items WHERE user_id = ${userId}) AS account_n
        FROM report_sections s WHERE s.id = ${sectionId} AND s.user_id = ${userId}`,
    )
    // Not the user's section: the write itself answers 404.
    if (!row) return
    const reportRoom = OBJECT_LIMITS.itemsPerReport - Number(row.report_n)
    const accountRoom = OBJECT_LIMITS.itemsPerAccount - Number(row.account_n)
    if (reportRoom < 1) throw full(OBJECT_LIMITS.itemsPerReport, ITEMS_PER_REPORT)
    if (accountRoom < 1) throw full(OBJECT_LIMITS.itemsPerAccount, ITEMS_PER_ACCOUNT)
    if (this.#budget.size > 10_000) this.#budget.clear()
    if (this.#reportOf.size > 100_000) this.#reportOf.clear()
    this.#reportOf.set(sectionId, Number(row.report_id))
    // This write takes one of the room; up to half of the rest go without counting.
    const budget = this.#budget.get(userId) ?? { account: 0, reports: new Map() }
    if (budget.reports.size > 1_000) budget.reports.clear()
    budget.account = Math.floor((accountRoom - 1) / 2)
    budget.reports.set(Number(row.report_id), Math.floor((reportRoom - 1) / 2))
    this.#budget.set(userId, budget)
  }

  /** After items were added another way: the user's next new item counts again. */
  forget(userId: number) {
    this.#budget.delete(userId)
  }
}

const rooms = new WeakMap<Engine, ItemRoom>()
/** The item room of this database's instance (one per app). */
export function itemRoom(db: Engine) {
  const known = rooms.get(db)
  if (known) return known
  const room = new ItemRoom(db)
  rooms.set(db, room)
  return room
}

const full = (limit: number, what: string) =>
  new Forbidden(`At most ${limit.toLocaleString('en-US')} ${what}; delete or combine some first`)
