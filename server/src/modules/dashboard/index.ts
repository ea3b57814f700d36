import {
  AnswersSeen,
  DashboardData,
  DashboardItemsPage,
  ErrorBody,
  type ProjectHealth,
} from '@cadence/contract'
import { and, between, desc, eq, sql } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { reports, type sectionItems } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { compareNoCase } from '../../lib/order'
import { routeRules } from '../../lib/route-rules'
import { isoDate } from '../../lib/time'
import { addDays, asWeekday, currentWeekWindow, STALLED_WEEKS } from '../../lib/weeks'
import { authPlugin } from '../auth/plugin'
import { reportProjectHealth } from '../project-health/service'
import { type AgeingClock, ageingClock, withAgeing } from '../section-items/ageing'
import { getSettings } from '../settings/service'
import { markAnswersSeen, needsYou } from './needs-you'

/**
 * The open items of the dashboard: every open item of her reports, newest copy of each carry-over
 * chain only. Not bounded by weeks: a task left open in an old report is still hers to do and must
 * not leave 'Active Tasks' silently (the product spec lists open items, not recent ones).
 *
 * The cost of a page is bounded by the page, not by her history (issue 45): openItemRows reads her
 * reports a batch at a time in week order (index reports_user_week), and this query the open items
 * of that batch only (its sections by report_sections_report, their items by section_items_section),
 * until the page is full. Sorting all her open items (section_items_user_open) to take the first
 * page read every open item of her history. `+i.user_id` keeps SQLite off that index; the batch's
 * ids are given for the sections too, so PostgreSQL reads them by report_sections_report. server/src/modules/dashboard/history.test.ts checks the plans on
 * both engines. `after`: the keys of the last item of the page before (keyset: week, then section,
 * then item order, then id).
 */
type PageKey = { week: string; section: number; order: number; id: number }

/**
 * The dashboard lists' order: newest week first (Active Tasks, Active Follow-ups), or oldest week
 * first ('Needs you' stalled: the items left longest in old reports first).
 */
type Order = 'newest' | 'oldest'

export const openItemsSql = (
  userId: number,
  types: readonly Kind[],
  reportIds: readonly number[],
  limit: number,
  order: Order,
  after?: PageKey,
) => {
  const later = order === 'newest' ? sql`<` : sql`>`
  const direction = order === 'newest' ? sql`DESC` : sql`ASC`
  const list = (xs: readonly (string | number)[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    )
  // `+r.user_id`, `+i.user_id`: SQLite would otherwise read every report or open item of hers
  // through the user_id indexes (for their order) instead of these reports by key.
  return sql`
SELECT i.*, r.title AS report_title, r.week_start_date AS report_week_start_date, r.uuid AS report_uuid,
  m.uuid AS assignee_uuid, m.name AS assignee_name, p.uuid AS project_uuid, p.name AS project_name
FROM reports r
JOIN report_sections s ON s.report_id = r.id
JOIN section_items i ON i.section_id = s.id
LEFT JOIN team_members m ON m.id = i.assigned_to_team_member_id AND m.user_id = i.user_id
LEFT JOIN projects p ON p.id = i.project_id AND p.user_id = i.user_id
WHERE r.id IN (${list(reportIds)}) AND s.report_id IN (${list(reportIds)}) AND +r.user_id = ${userId}
  AND +i.user_id = ${userId} AND i.is_completed = 0 AND i.item_type IN (${list(types)})
  AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)${
    after
      ? sql`
  AND (r.week_start_date ${later} ${after.week} OR (r.week_start_date = ${after.week} AND (
    s.sort_order > ${after.section} OR (s.sort_order = ${after.section} AND (
    i.sort_order > ${after.order} OR (i.sort_order = ${after.order} AND i.id > ${after.id}))))))`
      : sql``
  }
ORDER BY r.week_start_date ${direction}, s.sort_order, i.sort_order, i.id
LIMIT ${limit}`
}

/** The first batch of reports read for a page; each next one is FOUR times larger. */
export const FIRST_BATCH = 8

/**
 * Her reports in the page's week order, `limit` of them, from `edge` on (its week included when
 * `inclusive`: the rest of the anchor's week), not before `since`.
 */
export const reportBatchSql = (
  userId: number,
  order: Order,
  limit: number,
  edge?: { week: string; inclusive: boolean },
  since?: string,
) => {
  const cmp = edge
    ? order === 'newest'
      ? edge.inclusive
        ? sql`<=`
        : sql`<`
      : edge.inclusive
        ? sql`>=`
        : sql`>`
    : null
  return sql`
SELECT id, week_start_date FROM reports
WHERE user_id = ${userId}${edge && cmp ? sql` AND week_start_date ${cmp} ${edge.week}` : sql``}${
    since ? sql` AND week_start_date >= ${since}` : sql``
  }
ORDER BY week_start_date ${order === 'newest' ? sql`DESC` : sql`ASC`}
LIMIT ${limit}`
}

/**
 * The open items of a page: reports read a batch at a time in the page's order (8, then 32,
 * 128, ...) and their open items, until `limit` are found or her reports (from `since`) run out.
 * A page near her newest or oldest weeks reads a batch or two, whatever her history's length.
 */
async function openItemRows(
  ctx: AppContext,
  userId: number,
  query: { types: readonly Kind[]; limit: number; order: Order; after?: PageKey; since?: string },
) {
  const { types, limit, order, after, since } = query
  const rows: OpenItem[] = []
  let edge = after ? { week: after.week, inclusive: true } : undefined
  for (let batch = FIRST_BATCH; rows.length < limit; batch *= 4) {
    const weeks = await ctx.db.rows<{ id: number; week_start_date: string }>(
      reportBatchSql(userId, order, batch, edge, since),
    )
    if (!weeks.length) break
    const ids = weeks.map((w) => Number(w.id))
    rows.push(
      ...(await ctx.db.rows<OpenItem>(
        openItemsSql(userId, types, ids, limit - rows.length, order, after),
      )),
    )
    if (weeks.length < batch) break
    edge = { week: weeks[weeks.length - 1].week_start_date, inclusive: false }
  }
  return rows
}

/**
 * The dashboard lists' first page: what the first screen shows (5 of each; the product spec) and
 * then some, so that most accounts get every open item in the one answer. The rest comes from
 * GET /api/dashboard/items, a page at a time. 'Needs you' stalled holds as many items at most.
 */
export const DASHBOARD_FIRST_PAGE = 25
/** The largest page of GET /api/dashboard/items. */
export const DASHBOARD_PAGE_MAX = 100
/**
 * Items of reports whose week starts this many weeks or more before today are stalled whatever
 * their chain (open at least STALLED_WEEKS whole weeks); the newer ones are aged one by one.
 */
export const SURELY_STALLED_WEEKS = STALLED_WEEKS + 2

/** The report whose week starts in the current-week window (see lib/weeks.ts), or null. */
export async function currentWeekReport(ctx: AppContext, userId: number, today = isoDate()) {
  const settings = await getSettings(ctx, userId)
  // A stored start day that is not a weekday counts as Saturday, as lib/weeks.ts's weekStart does.
  const window = currentWeekWindow(today, asWeekday(settings.weekly_start_day, 'saturday'))
  const [row] = await ctx.db.orm
    .select()
    .from(reports)
    .where(
      and(eq(reports.user_id, userId), between(reports.week_start_date, window.from, window.to)),
    )
    .orderBy(desc(reports.week_start_date))
    .limit(1)
  return row ?? null
}

type OpenItem = typeof sectionItems.$inferSelect & {
  report_title: string | null
  report_week_start_date: string
  report_uuid: string
  assignee_uuid: string | null
  assignee_name: string | null
  project_uuid: string | null
  project_name: string | null
}

const HEALTH_ORDER = { off_track: 0, at_risk: 1, on_track: 2 } as const

/** The current report's projects that have a health, worst first (then by name, as the table). */
function currentHealth(rows: ProjectHealth[]) {
  return rows
    .flatMap((r) =>
      r.health
        ? [
            {
              project_uuid: r.project_uuid,
              project_name: r.project_name,
              health: r.health,
              note: r.note,
            },
          ]
        : [],
    )
    .sort((a, b) => HEALTH_ORDER[a.health] - HEALTH_ORDER[b.health])
}

type Aged = OpenItem & { open_weeks: number }

/**
 * 'Waiting on': the open items assigned to team members, grouped by person; in each group the
 * oldest first, and the person whose oldest item has waited longest first.
 */
export function waitingOn(items: Aged[]) {
  const groups = new Map<string, { name: string; items: Aged[] }>()
  for (const item of items) {
    if (!item.assignee_uuid || item.is_completed) continue
    const group = groups.get(item.assignee_uuid) ?? { name: item.assignee_name ?? '', items: [] }
    group.items.push(item)
    groups.set(item.assignee_uuid, group)
  }
  return [...groups]
    .map(([uuid, g]) => {
      const sorted = [...g.items].sort((a, b) => b.open_weeks - a.open_weeks || a.id - b.id)
      return {
        team_member_uuid: uuid,
        name: g.name,
        item_ids: sorted.map((i) => i.id),
        oldest_open_weeks: sorted[0].open_weeks,
      }
    })
    .sort(
      (a, b) =>
        b.oldest_open_weeks - a.oldest_open_weeks ||
        b.item_ids.length - a.item_ids.length ||
        compareNoCase(a.name, b.name),
    )
}

type Kind = 'task' | 'followup'
const BOTH: readonly Kind[] = ['task', 'followup']

/** Open items with their ageing (`is_completed` false: the query reads open ones). */
async function openItems(
  ctx: AppContext,
  userId: number,
  clock: AgeingClock,
  query: { types: readonly Kind[]; limit: number; order?: Order; after?: PageKey; since?: string },
) {
  const { types, limit, order = 'newest', after, since } = query
  const rows = await openItemRows(ctx, userId, { types, limit, order, after, since })
  return withAgeing(
    ctx,
    userId,
    rows.map((r) => ({ ...r, is_completed: false })),
    clock,
  )
}

/**
 * 'Needs you' stalled, a page: the open items read oldest week first after `after`, `limit` of
 * them, of which the stalled ones (the others are this month's, at the end of that order).
 * `next`: the `after` of the next page (the last item read), null at the end.
 */
async function stalledPage(
  ctx: AppContext,
  userId: number,
  clock: AgeingClock,
  limit: number,
  after?: PageKey,
) {
  const read = await openItems(ctx, userId, clock, { types: BOTH, limit, order: 'oldest', after })
  return {
    items: read.filter((i) => i.is_stalled),
    next: read.length === limit ? (read.at(-1)?.id ?? null) : null,
  }
}

export const openTotalsSql = (userId: number) => sql`
    SELECT SUM(CASE WHEN i.item_type = 'task' THEN 1 ELSE 0 END) AS tasks,
      SUM(CASE WHEN i.item_type = 'followup' THEN 1 ELSE 0 END) AS followups
    FROM section_items i
    WHERE i.user_id = ${userId} AND i.item_type IN ('task', 'followup') AND i.is_completed = 0
      AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)`

/**
 * How many open tasks and follow-ups she has (the newest copy of each chain), and how many of
 * them are stalled: an index-only count over her open items (section_items_user_open, each probed
 * in section_items_carried_once), then the items of the last SURELY_STALLED_WEEKS weeks' reports
 * aged one by one (the older ones are all stalled). Never a read of her completed history.
 */
async function openTotals(ctx: AppContext, userId: number, clock: AgeingClock) {
  const row = await ctx.db.row<{ tasks: number | null; followups: number | null }>(
    openTotalsSql(userId),
  )
  const tasks = Number(row?.tasks ?? 0)
  const followups = Number(row?.followups ?? 0)
  const recent = await openItems(ctx, userId, clock, {
    types: BOTH,
    // Her reports of those weeks, each a few sections of items: bounded by the weeks.
    limit: 100_000,
    since: addDays(clock.today, -7 * SURELY_STALLED_WEEKS),
  })
  const freshRecent = recent.filter((i) => !i.is_stalled).length
  return { tasks, followups, stalled: Math.max(0, tasks + followups - freshRecent) }
}

/**
 * Open tasks and follow-ups, only the newest copy of each carry-over chain, with their ageing,
 * assignee and project: the first DASHBOARD_FIRST_PAGE of each list and how many there are
 * (`activeTasksTotal`, `activeFollowupsTotal`; the rest from GET /api/dashboard/items); the
 * current report's project health; 'Waiting on', grouped from the items in the answer (its ids
 * are always among them); 'Needs you' stalled: the stalled items among the first
 * DASHBOARD_FIRST_PAGE open items read oldest week first, with `stalledTotal` and `stalledNext`
 * (GET /api/dashboard/items?type=stalled for the rest). Each query is bounded by its page or by
 * the recent weeks, or counts over an index of her open items (issue 45).
 */
export async function dashboard(ctx: AppContext, userId: number) {
  const clock = await ageingClock(ctx, userId)
  const current = await currentWeekReport(ctx, userId)
  const first = { limit: DASHBOARD_FIRST_PAGE }
  const activeTasks = await openItems(ctx, userId, clock, { ...first, types: ['task'] })
  const activeFollowups = await openItems(ctx, userId, clock, { ...first, types: ['followup'] })
  const totals = await openTotals(ctx, userId, clock)
  const stalled = await stalledPage(ctx, userId, clock, DASHBOARD_FIRST_PAGE)
  const healthRows = current ? await reportProjectHealth(ctx.db, current) : []
  const needs = await needsYou(ctx, userId, { current, healthRows, stalledItems: stalled.items })
  return {
    currentWeekReport: current,
    activeTasks,
    activeFollowups,
    activeTasksTotal: totals.tasks,
    activeFollowupsTotal: totals.followups,
    projectHealth: currentHealth(healthRows),
    waitingOn: waitingOn([...activeTasks, ...activeFollowups]),
    needsYou: { ...needs, stalledTotal: totals.stalled, stalledNext: stalled.next },
    recentReports: await ctx.db.orm
      .select()
      .from(reports)
      .where(eq(reports.user_id, userId))
      .orderBy(desc(reports.week_start_date))
      .limit(5),
  }
}

/**
 * GET /api/dashboard/items: the open items of a kind after the given one (an item of hers of that
 * kind, open or not; another's or none: 404), in the dashboard's order; `next` is the last
 * item's id when there may be more. `type=stalled`: 'Needs you' stalled items (tasks and
 * follow-ups, oldest week first) after the given task or follow-up of hers; `next` is the last
 * item read, which may be one that is not stalled.
 */
export async function dashboardItems(
  ctx: AppContext,
  userId: number,
  query: { type?: Kind | 'stalled'; after?: number; limit?: number },
) {
  // Optional in the schema, so a request without a session is 401 before its query is read.
  if (query.type === undefined || query.after === undefined)
    throw new BadRequest('type (task, followup or stalled) and after (an item id) are required')
  const types = query.type === 'stalled' ? BOTH : [query.type]
  const anchor = await ctx.db.row<PageKey>(sql`
    SELECT r.week_start_date AS week, s.sort_order AS section, i.sort_order AS "order", i.id AS id
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    JOIN reports r ON r.id = s.report_id
    WHERE i.id = ${query.after} AND i.user_id = ${userId}
      AND i.item_type IN (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )})
      AND r.user_id = ${userId}`)
  if (!anchor) throw new NotFound('Item not found')
  const limit = query.limit ?? DASHBOARD_PAGE_MAX
  const clock = await ageingClock(ctx, userId)
  const after = {
    week: anchor.week,
    section: Number(anchor.section),
    order: Number(anchor.order),
    id: Number(anchor.id),
  }
  if (query.type === 'stalled') return stalledPage(ctx, userId, clock, limit, after)
  const items = await openItems(ctx, userId, clock, { types, limit, after })
  return { items, next: items.length === limit ? (items.at(-1)?.id ?? null) : null }
}

export function dashboardModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/dashboard' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/', ({ user }) => dashboard(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: DashboardData, 401: ErrorBody },
      detail: { tags: ['dashboard'] },
    })
    .get('/items', ({ user, query }) => dashboardItems(ctx, user.id, query), {
      auth: true,
      query: t.Object({
        type: t.Optional(t.Union([t.Literal('task'), t.Literal('followup'), t.Literal('stalled')])),
        after: t.Optional(t.Integer({ minimum: 1, maximum: 2_147_483_647 })),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: DASHBOARD_PAGE_MAX })),
      }),
      response: { 200: DashboardItemsPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail: {
        tags: ['dashboard'],
        summary:
          "The open tasks or follow-ups after the given one, in the dashboard order; type=stalled: 'Needs you' stalled items",
      },
    })
    .post('/answers-seen', ({ user, body }) => markAnswersSeen(ctx, user.id, body.ids), {
      auth: true,
      body: t.Object({
        ids: t.Array(t.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
          minItems: 1,
          maxItems: 100,
        }),
      }),
      response: { 200: AnswersSeen, 400: ErrorBody, 401: ErrorBody },
      detail: { tags: ['dashboard'], summary: "Marks readers' answers to asks seen" },
    })
}
